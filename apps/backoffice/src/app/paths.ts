import type { OpsPermission } from '@banca/contract/routes';
import type { MessageKey } from '@/i18n/i18n.ts';

/** Every page of the app once: its path (under /backoffice), its menu label and who may see it. */
export const PAGES = [
  // The menu's order: figures, people, money, content, the platform, the record of it all.
  { path: '/dashboard', label: 'nav.dashboard', permission: 'reports.read' },
  { path: '/members', label: 'nav.members', permission: 'members.read' },
  { path: '/agents', label: 'nav.agents', permission: 'agents.read' },
  { path: '/contracts', label: 'nav.contracts', permission: 'contracts.settlements' },
  { path: '/deposits', label: 'finance.navDeposits', permission: 'deposits.read' },
  { path: '/withdrawals', label: 'nav.withdrawals', permission: 'withdrawals.read' },
  { path: '/adjustments', label: 'finance.navAdjustments', permission: 'balances.adjust' },
  { path: '/catalogue', label: 'nav.catalogue', permission: 'catalogue.manage' },
  { path: '/help', label: 'nav.help', permission: 'content.manage' },
  { path: '/customer-service', label: 'nav.customerService', permission: 'content.manage' },
  { path: '/banners', label: 'nav.banners', permission: 'content.manage' },
  { path: '/messages', label: 'nav.messages', permission: 'members.messages' },
  { path: '/maintenance', label: 'nav.maintenance', permission: 'system.settings' },
  { path: '/platform', label: 'nav.platform', permission: 'system.settings' },
  { path: '/events', label: 'nav.events', permission: 'system.events' },
  { path: '/operators', label: 'nav.operators', permission: 'operators.manage' },
  { path: '/audit', label: 'nav.audit', permission: 'audit.read' },
] as const satisfies readonly { path: string; label: MessageKey; permission: OpsPermission }[];

export const LOGIN_PATH = '/login';
