import {
  OPERATOR_ROLES,
  OPS_WITHDRAWAL_PROOF_PATH,
  operatorCan,
  type OperatorRoleName,
  type OpsPermission,
} from '@banca/contract';
import { routeTable } from '@banca/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';

/**
 * The role matrix (contract OPS_PERMISSIONS, docs/operator-guide.md) walked call by call: every /ops
 * call of the contract is listed with the permission it needs; each role either passes the guard
 * (any answer but 401/403) or is refused with 403. Calls carry ids that do not exist and bodies that
 * do not validate, so a role that passes changes nothing.
 */
type Need = OpsPermission | 'public' | 'any operator';
const MATRIX: Record<string, { method: string; path: string; need: Need; body?: unknown }> = {
  'operator.login': { method: 'POST', path: '/ops/session/login', need: 'public' },
  'operator.totp': { method: 'POST', path: '/ops/session/totp', need: 'public' },
  'operator.me': { method: 'GET', path: '/ops/session/me', need: 'any operator' },
  'operator.logout': { method: 'DELETE', path: '/ops/session/logout', need: 'any operator' },
  'operator.statusSettings': { method: 'GET', path: '/ops/system/status-settings', need: 'system.settings' },
  'operator.setMaintenance': {
    method: 'PUT',
    path: '/ops/system/maintenance',
    need: 'system.settings',
    body: {},
  },
  'operator.setRegion': { method: 'PUT', path: '/ops/system/region', need: 'system.settings', body: {} },
  'operator.createOperator': { method: 'POST', path: '/ops/operators', need: 'operators.manage', body: {} },
  'operator.listOperators': { method: 'GET', path: '/ops/operators', need: 'operators.manage' },
  'operator.disableOperator': {
    method: 'PUT',
    path: '/ops/operators/999999999/disable',
    need: 'operators.manage',
  },
  'operator.setIpAllowList': {
    method: 'PUT',
    path: '/ops/operators/999999999/ip-allow-list',
    need: 'operators.manage',
    body: {},
  },
  'operator.audit': { method: 'GET', path: '/ops/audit?limit=1', need: 'audit.read' },
  'operator.eventConsumers': { method: 'GET', path: '/ops/system/events', need: 'system.events' },
  'operator.redriveEvents': {
    method: 'POST',
    path: '/ops/system/events/redrive',
    need: 'system.events',
    body: {},
  },
  'messages.ops.feedbackList': { method: 'GET', path: '/ops/feedback?pageSize=1', need: 'members.messages' },
  'messages.ops.feedbackReply': {
    method: 'POST',
    path: '/ops/feedback/999999999/reply',
    need: 'members.messages',
    body: {},
  },
  'messages.ops.list': { method: 'GET', path: '/ops/messages?pageSize=1', need: 'members.messages' },
  'messages.ops.send': { method: 'POST', path: '/ops/messages', need: 'members.messages', body: {} },
  'messages.ops.withdraw': {
    method: 'POST',
    path: '/ops/messages/999999999/withdraw',
    need: 'members.messages',
    body: {},
  },
  'memberOps.search': { method: 'GET', path: '/ops/members?limit=1', need: 'members.read' },
  'memberOps.profile': { method: 'GET', path: '/ops/members/999999999', need: 'members.read' },
  'memberOps.lock': { method: 'POST', path: '/ops/members/999999999/lock', need: 'members.lock', body: {} },
  'memberOps.unlock': {
    method: 'POST',
    path: '/ops/members/999999999/unlock',
    need: 'members.lock',
    body: {},
  },
  'memberOps.forceLogout': {
    method: 'POST',
    path: '/ops/members/999999999/force-logout',
    need: 'members.forceLogout',
    body: {},
  },
  'memberOps.resetPassword': {
    method: 'POST',
    path: '/ops/members/999999999/reset-password',
    need: 'members.resetPassword',
    body: {},
  },
  'reports.ops.dashboard': {
    method: 'GET',
    path: '/ops/reports/dashboard?from=2026-01-02&to=2026-01-01',
    need: 'reports.read',
  },
  'wallet.ops.adjustBalance': {
    method: 'POST',
    path: '/ops/wallet/adjustments',
    need: 'balances.adjust',
    body: {},
  },
  'wallet.ops.grantBonus': { method: 'POST', path: '/ops/wallet/bonuses', need: 'balances.adjust', body: {} },
  'wallet.ops.getSettings': { method: 'GET', path: '/ops/wallet/settings', need: 'wallet.settings' },
  'wallet.ops.putSettings': {
    method: 'PUT',
    path: '/ops/wallet/settings',
    need: 'wallet.settings',
    body: [],
  },
  'wallet.opsWithdrawals': {
    method: 'GET',
    path: '/ops/wallet/withdrawals?limit=1',
    need: 'withdrawals.read',
  },
  'wallet.opsApproveWithdrawal': {
    method: 'POST',
    path: '/ops/wallet/withdrawals/999999999/approve',
    need: 'withdrawals.decide',
    body: { note: 'x'.repeat(600) },
  },
  'wallet.opsRejectWithdrawal': {
    method: 'POST',
    path: '/ops/wallet/withdrawals/999999999/reject',
    need: 'withdrawals.decide',
    body: {},
  },
  'wallet.opsWithdrawalProof': {
    method: 'GET',
    path: OPS_WITHDRAWAL_PROOF_PATH.replace(':id', '999999999'),
    need: 'withdrawals.decide',
  },
  'deposit.opsList': { method: 'GET', path: '/ops/wallet/deposits?limit=1', need: 'deposits.read' },
  'games.ops.rotateVendorSecret': {
    method: 'POST',
    path: '/ops/games/vendors/NO_SUCH_VENDOR/secret',
    need: 'vendors.secrets',
    body: {},
  },
  // --- agents (issue 24, branch teampages) ---
  'agent.opsAgents': { method: 'GET', path: '/ops/agents?limit=1', need: 'agents.read' },
  'agent.opsAgentDownline': { method: 'GET', path: '/ops/agents/999999999/downline', need: 'agents.read' },
  'agent.opsMoveMember': { method: 'POST', path: '/ops/agents/move', need: 'agents.manage', body: {} },
  // Agent contracts (issue 24 item 6, branch agentops).
  'agentContracts.opsContracts': {
    method: 'GET',
    path: '/ops/agent-contracts?limit=1',
    need: 'contracts.read',
  },
  'agentContracts.opsContract': {
    method: 'GET',
    path: '/ops/agent-contracts/999999999',
    need: 'contracts.read',
  },
  'agentContracts.opsEndContract': {
    method: 'POST',
    path: '/ops/agent-contracts/end',
    need: 'contracts.manage',
    body: {},
  },
  'agentContracts.opsRuns': {
    method: 'GET',
    path: '/ops/agent-contract-runs?limit=1',
    need: 'contracts.settlements',
  },
  'agentContracts.opsRerun': {
    method: 'POST',
    path: '/ops/agent-contract-runs/rerun',
    need: 'contracts.manage',
    body: {},
  },
  'agentContracts.opsDebts': {
    method: 'GET',
    path: '/ops/agent-contract-debts?limit=1',
    need: 'contracts.settlements',
  },
  'agentContracts.opsSettings': {
    method: 'GET',
    path: '/ops/agent-contract-settings',
    need: 'contracts.read',
  },
  'agentContracts.opsPutSettings': {
    method: 'PUT',
    path: '/ops/agent-contract-settings',
    need: 'contracts.manage',
    body: {},
  },
  // Back-office content and catalogue (branch catalogue).
  'system.ops.listHelpArticles': {
    method: 'GET',
    path: '/ops/content/help-articles',
    need: 'content.manage',
  },
  'system.ops.createHelpArticle': {
    method: 'POST',
    path: '/ops/content/help-articles',
    need: 'content.manage',
    body: {},
  },
  'system.ops.updateHelpArticle': {
    method: 'PUT',
    path: '/ops/content/help-articles/999999999',
    need: 'content.manage',
    body: {},
  },
  'system.ops.listCustomerServices': {
    method: 'GET',
    path: '/ops/content/customer-service',
    need: 'content.manage',
  },
  'system.ops.createCustomerService': {
    method: 'POST',
    path: '/ops/content/customer-service',
    need: 'content.manage',
    body: {},
  },
  'system.ops.updateCustomerService': {
    method: 'PUT',
    path: '/ops/content/customer-service/999999999',
    need: 'content.manage',
    body: {},
  },
  'system.ops.deleteCustomerService': {
    method: 'DELETE',
    path: '/ops/content/customer-service/999999999',
    need: 'content.manage',
  },
  'system.ops.reorderCustomerServices': {
    method: 'POST',
    path: '/ops/content/customer-service/reorder',
    need: 'content.manage',
    body: {},
  },
  'content.ops.listContent': { method: 'GET', path: '/ops/content/site', need: 'content.manage' },
  'content.ops.createBanner': {
    method: 'POST',
    path: '/ops/content/banners',
    need: 'content.manage',
    body: {},
  },
  'content.ops.updateBanner': {
    method: 'PUT',
    path: '/ops/content/banners/nope',
    need: 'content.manage',
    body: {},
  },
  'content.ops.deleteBanner': { method: 'DELETE', path: '/ops/content/banners/nope', need: 'content.manage' },
  'content.ops.reorderBanners': {
    method: 'POST',
    path: '/ops/content/banners/reorder',
    need: 'content.manage',
    body: {},
  },
  'content.ops.createAnnouncement': {
    method: 'POST',
    path: '/ops/content/announcements',
    need: 'content.manage',
    body: {},
  },
  'content.ops.updateAnnouncement': {
    method: 'PUT',
    path: '/ops/content/announcements/nope',
    need: 'content.manage',
    body: {},
  },
  'content.ops.deleteAnnouncement': {
    method: 'DELETE',
    path: '/ops/content/announcements/nope',
    need: 'content.manage',
  },
  'content.ops.reorderAnnouncements': {
    method: 'POST',
    path: '/ops/content/announcements/reorder',
    need: 'content.manage',
    body: {},
  },
  'games.ops.listGames': {
    method: 'GET',
    path: '/ops/games/catalogue/games?limit=1',
    need: 'catalogue.manage',
  },
  'games.ops.listVendors': { method: 'GET', path: '/ops/games/catalogue/vendors', need: 'catalogue.manage' },
  'games.ops.updateGame': {
    method: 'PUT',
    path: '/ops/games/catalogue/games/NOSUCH-GAME',
    need: 'catalogue.manage',
    body: {},
  },
  'games.ops.updateVendor': {
    method: 'PUT',
    path: '/ops/games/catalogue/vendors/NO_SUCH_VENDOR',
    need: 'catalogue.manage',
    body: {},
  },
  'games.ops.importCatalogue': {
    method: 'POST',
    path: '/ops/games/catalogue/import',
    need: 'catalogue.manage',
    body: {},
  },
  'system.ops.platformSettings': {
    method: 'GET',
    path: '/ops/system/platform-settings',
    need: 'system.settings',
  },
  'system.ops.setWhitelabelFlags': {
    method: 'PUT',
    path: '/ops/system/whitelabel-flags',
    need: 'system.settings',
    body: {},
  },
  'system.ops.setRegisterFields': {
    method: 'PUT',
    path: '/ops/system/register-fields',
    need: 'system.settings',
    body: {},
  },
  // finance (issue 23 items 4-5)
  'wallet.ops.listAdjustmentRequests': {
    method: 'GET',
    path: '/ops/wallet/adjustment-requests?limit=1',
    need: 'balances.adjust',
  },
  'wallet.ops.approveAdjustmentRequest': {
    method: 'POST',
    path: '/ops/wallet/adjustment-requests/999999999/approve',
    need: 'balances.adjust',
    body: { reason: 'x'.repeat(600) },
  },
  'wallet.ops.rejectAdjustmentRequest': {
    method: 'POST',
    path: '/ops/wallet/adjustment-requests/999999999/reject',
    need: 'balances.adjust',
    body: {},
  },
  'wallet.opsBulkApproveWithdrawals': {
    method: 'POST',
    path: '/ops/wallet/withdrawals/bulk-approve',
    need: 'withdrawals.decide',
    body: { ids: [] },
  },
  // The agent module's settings (issue 24, branch agentops2).
  'agent.opsAgentSettings': { method: 'GET', path: '/ops/agent-settings', need: 'agents.read' },
  'agent.opsPutAgentSettings': {
    method: 'PUT',
    path: '/ops/agent-settings',
    need: 'agents.manage',
    body: {},
  },
};

let t: OpsTestServer;
const tokens = {} as Record<OperatorRoleName, string>;
beforeAll(async () => {
  t = await startOpsTestServer();
  for (const role of OPERATOR_ROLES) tokens[role] = (await t.operator(role)).token;
});
afterAll(() => t?.close());

describe('the role matrix, call by call', () => {
  it('lists every /ops call of the contract', () => {
    const contractOps = Object.values(routeTable)
      .flatMap((group) => Object.values(group as Record<string, { id: string; path: string }>))
      .filter((call) => call.path.startsWith('/ops'))
      .map((call) => call.id);
    expect(Object.keys(MATRIX).sort()).toEqual([...contractOps, 'wallet.opsWithdrawalProof'].sort());
  });

  const guarded = Object.entries(MATRIX).filter(
    ([id, { need }]) => need !== 'public' && id !== 'operator.logout',
  );
  for (const role of OPERATOR_ROLES) {
    it(`${role}: passes where its permissions say, 403 elsewhere`, async () => {
      const seen: string[] = [];
      for (const [id, call] of guarded) {
        const res = await t.ops(call.path, {
          method: call.method,
          token: tokens[role],
          ...(call.body !== undefined ? { body: call.body } : {}),
        });
        const may = call.need === 'any operator' || operatorCan(role, call.need as OpsPermission);
        seen.push(`${id}:${may ? 'pass' : 'refused'}`);
        if (may) expect([401, 403], `${role} ${id} -> ${res.status}`).not.toContain(res.status);
        else expect(res.status, `${role} ${id}`).toBe(403);
      }
      expect(seen).toHaveLength(guarded.length);
    });
  }

  it('spells out the issue’s examples', () => {
    expect(operatorCan('support', 'withdrawals.decide')).toBe(false);
    expect(operatorCan('support', 'audit.read')).toBe(false);
    expect(operatorCan('content', 'members.read')).toBe(false);
    expect(operatorCan('content', 'deposits.read')).toBe(false);
    expect(operatorCan('risk', 'audit.read')).toBe(true);
    expect(operatorCan('finance', 'withdrawals.decide')).toBe(true);
  });

  it('answers 401 to every guarded call without a credential', async () => {
    for (const [id, call] of guarded) {
      const res = await fetch(t.server.url + call.path, { method: call.method });
      expect(res.status, id).toBe(401);
    }
  });
});
