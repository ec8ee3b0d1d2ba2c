import type { OpsPermission } from '@banca/contract/routes';
import type { MessageKey } from '@/i18n/i18n.ts';

/** Every page of the app once: its path (under /backoffice), its menu label and who may see it. */
export const PAGES = [
  { path: '/dashboard', label: 'nav.dashboard', permission: 'reports.read' },
  { path: '/members', label: 'nav.members', permission: 'members.read' },
  { path: '/maintenance', label: 'nav.maintenance', permission: 'system.settings' },
  { path: '/withdrawals', label: 'nav.withdrawals', permission: 'withdrawals.read' },
  { path: '/audit', label: 'nav.audit', permission: 'audit.read' },
  // --- agents (issue 24, branch teampages) ---
  { path: '/agents', label: 'nav.agents', permission: 'agents.read' },
  // Back-office content and catalogue (branch catalogue).
  { path: '/help', label: 'nav.help', permission: 'content.manage' },
  { path: '/catalogue', label: 'nav.catalogue', permission: 'catalogue.manage' },
  { path: '/operators', label: 'nav.operators', permission: 'operators.manage' },
  { path: '/platform', label: 'nav.platform', permission: 'system.settings' },
] as const satisfies readonly { path: string; label: MessageKey; permission: OpsPermission }[];

export const LOGIN_PATH = '/login';
