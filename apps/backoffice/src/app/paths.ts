import type { OpsPermission } from '@banca/contract/routes';
import type { MessageKey } from '@/i18n/i18n.ts';

/** Every page of the app once: its path (under /backoffice), its menu label and who may see it. */
export const PAGES = [
  { path: '/dashboard', label: 'nav.dashboard', permission: 'reports.read' },
  { path: '/members', label: 'nav.members', permission: 'members.read' },
  { path: '/maintenance', label: 'nav.maintenance', permission: 'system.settings' },
  { path: '/withdrawals', label: 'nav.withdrawals', permission: 'withdrawals.read' },
  { path: '/audit', label: 'nav.audit', permission: 'audit.read' },
  // finance (issue 23 items 4-5)
  { path: '/deposits', label: 'finance.navDeposits', permission: 'deposits.read' },
  { path: '/adjustments', label: 'finance.navAdjustments', permission: 'balances.adjust' },
] as const satisfies readonly { path: string; label: MessageKey; permission: OpsPermission }[];

export const LOGIN_PATH = '/login';
