/**
 * The back office's role matrix (issue 23): which role may do what. One table for both sides: the
 * gateway guards every /ops call with it (OpsAccess.allow) and the back-office app hides what the
 * operator's role cannot do. No zod: the app's first route imports it.
 *
 * admin may do everything. Permissions whose calls are not built yet are listed so the matrix in
 * docs/operator-guide.md is whole; their calls take the same guard when they arrive.
 */
export const OPERATOR_ROLE_NAMES = ['admin', 'finance', 'support', 'content', 'risk'] as const;
export type OperatorRoleKey = (typeof OPERATOR_ROLE_NAMES)[number];

export const OPS_PERMISSIONS = {
  /** Create, list and disable operators; set their IP allow-lists. */
  'operators.manage': ['admin'],
  /** Maintenance and region rules. */
  'system.settings': ['admin'],
  /** Domain-event consumers: their lag and dead letters, and re-driving them (audited). */
  'system.events': ['admin'],
  /** The merchant's money settings. */
  'wallet.settings': ['admin'],
  /** Vendor wallet-API secrets. */
  'vendors.secrets': ['admin'],
  /** Read the operator audit. */
  'audit.read': ['admin', 'risk'],
  'deposits.read': ['admin', 'finance'],
  'withdrawals.read': ['admin', 'finance'],
  /** Approve or reject withdrawals, view their proof images. */
  'withdrawals.decide': ['admin', 'finance'],
  /** Manual balance adjustments and bonus grants. */
  'balances.adjust': ['admin', 'finance'],
  'reports.read': ['admin', 'finance'],
  'members.read': ['admin', 'support', 'risk'],
  'members.lock': ['admin', 'support', 'risk'],
  'members.forceLogout': ['admin', 'support'],
  'members.resetPassword': ['admin', 'support'],
  'members.messages': ['admin', 'support'],
  'members.limits': ['admin', 'risk'],
  /** Banners, announcements, popups, help articles, customer-service entries. */
  'content.manage': ['admin', 'content'],
  // --- agents (issue 24, branch teampages) ---
  /** The agents list and downline tree. */
  'agents.read': ['admin', 'support', 'risk', 'finance'],
  /** Move a member to another upline (audited). */
  'agents.manage': ['admin'],
  /** Agent contracts with their settlements, and the contract settings (issue 24 item 6). */
  'contracts.read': ['admin'],
  /** Settlement runs per (kind, period) and the uplines' open debts. */
  'contracts.settlements': ['admin', 'finance'],
  /** End a contract, re-run a settlement period, change the contract settings (audited). */
  'contracts.manage': ['admin'],
  /** The games catalogue: vendors and games, hot flags, order, names, artwork, the import. */
  'catalogue.manage': ['admin', 'content'],
} as const satisfies Record<string, readonly OperatorRoleKey[]>;

export type OpsPermission = keyof typeof OPS_PERMISSIONS;
export const OPS_PERMISSION_NAMES = Object.keys(OPS_PERMISSIONS) as OpsPermission[];

/** Whether `role` holds `permission` (admin holds every one). */
export const operatorCan = (role: OperatorRoleKey, permission: OpsPermission): boolean =>
  role === 'admin' || (OPS_PERMISSIONS[permission] as readonly OperatorRoleKey[]).includes(role);

/** Every permission `role` holds, in the table's order. */
export const permissionsOf = (role: OperatorRoleKey): OpsPermission[] =>
  OPS_PERMISSION_NAMES.filter((p) => operatorCan(role, p));

/** Where the back-office app is served (the gateway's static build) and the path its cookie covers. */
export const BACKOFFICE_BASE = '/backoffice';
export const OPS_COOKIE_NAME = 'banca_ops';
export const OPS_COOKIE_PATH = '/ops';
