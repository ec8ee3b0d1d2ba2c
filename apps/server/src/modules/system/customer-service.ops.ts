import type { FastifyInstance } from 'fastify';
import {
  CS_TYPES,
  CUSTOMER_SERVICE_MAX_ENTRIES,
  decryptCustomerServicePath,
  encryptCustomerServicePath,
  systemRoutes,
  type CreateCustomerServiceBody,
  type OpsCustomerService,
  type ReorderCustomerServiceBody,
  type UpdateCustomerServiceBody,
} from '@banca/contract';
import type { Db, DbOrTrx } from '../../database.ts';
import { OpsError, type OperatorActor, type OpsAccess, operatorOf } from '../../ops-access.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import * as repo from './customer-service.repository.ts';

/**
 * Customer-service entries in the back office (issue 23 item 7, permission `content.manage`): list,
 * add, edit, enable or disable, reorder and delete the channels the member site's customer-service
 * buttons open. The link is stored encrypted as the spec asks (encryptCustomerServicePath) and shown
 * to operators in clear. Each change is audited with the entry (or the order) before and after, in its
 * transaction. The member calls (`/wps/system/customerService`, the start-up answer) read the table on
 * every request, uncached, so a change shows on every node at the member's next page load.
 */
export interface CustomerServiceOpsDeps {
  db: Db;
  merchantCode: string;
  ops: OpsAccess;
}

/** Sort values are spaced so the order survives entries written by other means. */
const SORT_STEP = 10;

async function toOps(row: repo.CustomerServiceRow): Promise<OpsCustomerService> {
  let path = '';
  try {
    path = await decryptCustomerServicePath(row.path_encrypted);
  } catch {
    // A stored value that is no encrypted link shows empty: the operator sees it and replaces it.
  }
  return {
    id: row.id,
    csType: CS_TYPES.find((t) => t === row.cs_type) ?? 'LIVE_CHAT',
    label: row.label,
    path,
    enabled: row.enabled,
    sort: row.sort,
  };
}

const listOf = async (db: DbOrTrx, merchantCode: string) =>
  Promise.all((await repo.listAllCustomerServices(db, merchantCode)).map(toOps));

export async function listCustomerServicesForOps(deps: CustomerServiceOpsDeps) {
  return { entries: await listOf(deps.db, deps.merchantCode) };
}

export async function createCustomerService(
  deps: CustomerServiceOpsDeps,
  actor: OperatorActor,
  body: CreateCustomerServiceBody,
  requestId: string,
): Promise<OpsCustomerService> {
  const pathEncrypted = await encryptCustomerServicePath(body.path);
  return inTransaction(deps.db, async (trx) => {
    const all = await repo.listAllCustomerServices(trx, deps.merchantCode, true);
    if (all.length >= CUSTOMER_SERVICE_MAX_ENTRIES) throw new OpsError('customer_service_list_conflict');
    if (await repo.customerServiceLabelTaken(trx, deps.merchantCode, body.csType, body.label))
      throw new OpsError('customer_service_label_taken');
    const row = await repo.insertCustomerService(trx, {
      merchant_code: deps.merchantCode,
      cs_type: body.csType,
      label: body.label,
      path_encrypted: pathEncrypted,
      sort: Math.max(0, ...all.map((r) => r.sort)) + SORT_STEP,
      enabled: body.enabled,
    });
    const after = await toOps(row);
    await deps.ops.audit(trx, {
      actor,
      action: 'content.customer_service.create',
      subjectType: 'customer_service',
      subjectId: String(row.id),
      before: null,
      after,
      reason: body.reason ?? null,
      requestId,
    });
    return after;
  });
}

export async function updateCustomerService(
  deps: CustomerServiceOpsDeps,
  actor: OperatorActor,
  id: number,
  body: UpdateCustomerServiceBody,
  requestId: string,
): Promise<OpsCustomerService> {
  const pathEncrypted = body.path !== undefined ? await encryptCustomerServicePath(body.path) : undefined;
  return inTransaction(deps.db, async (trx) => {
    const current = await repo.findCustomerService(trx, deps.merchantCode, id);
    if (!current) throw new OpsError('customer_service_not_found');
    const before = await toOps(current);
    const csType = body.csType ?? before.csType;
    const path = body.path ?? before.path;
    // The type and link must fit together after the change too (the contract checks them only when
    // both are sent).
    if ((csType === 'EMAIL') !== path.toLowerCase().startsWith('mailto:'))
      throw new AppError('invalid_input', { fields: { path: 'link_does_not_fit_type' } });
    const label = body.label ?? before.label;
    if (
      (body.label !== undefined || body.csType !== undefined) &&
      (await repo.customerServiceLabelTaken(trx, deps.merchantCode, csType, label, id))
    )
      throw new OpsError('customer_service_label_taken');
    const row = await repo.updateCustomerServiceRow(trx, deps.merchantCode, id, {
      ...(body.csType !== undefined ? { cs_type: body.csType } : {}),
      ...(body.label !== undefined ? { label: body.label } : {}),
      ...(pathEncrypted !== undefined ? { path_encrypted: pathEncrypted } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    });
    const after = await toOps(row);
    const onlyToggle = Object.keys(body).every((k) => k === 'enabled' || k === 'reason');
    const action =
      onlyToggle && body.enabled !== before.enabled
        ? body.enabled
          ? 'content.customer_service.enable'
          : 'content.customer_service.disable'
        : 'content.customer_service.update';
    await deps.ops.audit(trx, {
      actor,
      action,
      subjectType: 'customer_service',
      subjectId: String(id),
      before,
      after,
      reason: body.reason ?? null,
      requestId,
    });
    return after;
  });
}

export async function deleteCustomerService(
  deps: CustomerServiceOpsDeps,
  actor: OperatorActor,
  id: number,
  reason: string | undefined,
  requestId: string,
) {
  return inTransaction(deps.db, async (trx) => {
    const current = await repo.findCustomerService(trx, deps.merchantCode, id);
    if (!current) throw new OpsError('customer_service_not_found');
    const before = await toOps(current);
    await repo.deleteCustomerServiceRow(trx, deps.merchantCode, id);
    await deps.ops.audit(trx, {
      actor,
      action: 'content.customer_service.delete',
      subjectType: 'customer_service',
      subjectId: String(id),
      before,
      after: null,
      reason: reason ?? null,
      requestId,
    });
    return { entries: await listOf(trx, deps.merchantCode) };
  });
}

export async function reorderCustomerServices(
  deps: CustomerServiceOpsDeps,
  actor: OperatorActor,
  body: ReorderCustomerServiceBody,
  requestId: string,
) {
  return inTransaction(deps.db, async (trx) => {
    const all = await repo.listAllCustomerServices(trx, deps.merchantCode, true);
    const known = new Set(all.map((r) => r.id));
    // Every entry exactly once: an order made from a stale list (an entry added or deleted meanwhile)
    // is refused rather than guessed at.
    if (body.ids.length !== all.length || !body.ids.every((id) => known.has(id)))
      throw new OpsError('customer_service_list_conflict');
    for (const [i, id] of body.ids.entries()) {
      await repo.updateCustomerServiceRow(trx, deps.merchantCode, id, { sort: (i + 1) * SORT_STEP });
    }
    await deps.ops.audit(trx, {
      actor,
      action: 'content.customer_service.reorder',
      subjectType: 'customer_service',
      subjectId: deps.merchantCode,
      before: all.map((r) => r.id),
      after: body.ids,
      reason: body.reason ?? null,
      requestId,
    });
    return { entries: await listOf(trx, deps.merchantCode) };
  });
}

export function registerCustomerServiceOpsRoutes(app: FastifyInstance, deps: CustomerServiceOpsDeps): void {
  const guard = { onRequest: deps.ops.allow('content.manage') };
  registerRoute(app, systemRoutes.listCustomerServices, () => listCustomerServicesForOps(deps), guard);
  registerRoute(
    app,
    systemRoutes.createCustomerService,
    ({ body, request }) => createCustomerService(deps, operatorOf(request), body, request.id),
    guard,
  );
  registerRoute(
    app,
    systemRoutes.updateCustomerService,
    ({ params, body, request }) =>
      updateCustomerService(deps, operatorOf(request), params.id, body, request.id),
    guard,
  );
  registerRoute(
    app,
    systemRoutes.deleteCustomerService,
    ({ params, query, request }) =>
      deleteCustomerService(deps, operatorOf(request), params.id, query.reason, request.id),
    guard,
  );
  registerRoute(
    app,
    systemRoutes.reorderCustomerServices,
    ({ body, request }) => reorderCustomerServices(deps, operatorOf(request), body, request.id),
    guard,
  );
}
