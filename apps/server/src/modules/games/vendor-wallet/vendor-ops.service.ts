import type { RotateVendorSecretBody, RotateVendorSecretValue } from '@banca/contract';
import type { Db } from '../../../database.ts';
import type { OperatorActor, OpsAccess } from '../../../ops-access.ts';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import { GamesError } from '../games.errors.ts';
import { rotateVendorCredential } from './vendor-wallet.credentials.ts';
import { catalogueVendorExists } from './vendor-wallet.repository.ts';

export interface VendorOpsServiceDeps {
  db: Db;
  sealKey: Buffer;
  ops: OpsAccess;
}

/**
 * An operator rotates a catalogue vendor's wallet-API secret: the new one is answered once (only its
 * sealed form is stored), the previous one keeps signing for the grace period, and the audit row,
 * written in the same transaction, names the vendor and the grace, never a secret.
 */
export async function rotateVendorSecretByOperator(
  deps: VendorOpsServiceDeps,
  actor: OperatorActor,
  vendor: string,
  body: RotateVendorSecretBody,
  requestId: string,
  now: Date = new Date(),
): Promise<RotateVendorSecretValue> {
  return inTransaction(deps.db, async (trx) => {
    if (!(await catalogueVendorExists(trx, vendor))) throw new GamesError('game_vendor_not_found');
    const rotated = await rotateVendorCredential(trx, deps.sealKey, vendor, now);
    const previousValidUntil = rotated.previousValidUntil?.toISOString() ?? null;
    await deps.ops.audit(trx, {
      actor,
      action: 'games.vendor_secret.rotate',
      subjectType: 'vendor',
      subjectId: vendor,
      before: null,
      after: { rotatedAt: now.toISOString(), previousValidUntil },
      reason: body.reason,
      requestId,
    });
    return { vendor, secret: rotated.secret, rotatedAt: now.toISOString(), previousValidUntil };
  });
}
