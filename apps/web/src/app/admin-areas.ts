import type { TOperatorRole } from '@portal/contracts';

/**
 * The back office's areas in the navigation's order, each with the operator role it needs
 * (api.md "Pinned for the back office"). The one place that says so: the shell shows an area to
 * whoever may act as its role, and the router guards the area's route with the same role.
 */
export const ADMIN_AREAS = [
  { path: '/admin/users', key: 'users', role: 'support' },
  { path: '/admin/kyc', key: 'kyc', role: 'support' },
  { path: '/admin/fraud', key: 'fraud', role: 'support' },
  { path: '/admin/outbox', key: 'outbox', role: 'support' },
  { path: '/admin/withdrawals', key: 'withdrawals', role: 'finance' },
  { path: '/admin/ledger', key: 'ledger', role: 'finance' },
  { path: '/admin/bonus-audit', key: 'bonusAudit', role: 'finance' },
  { path: '/admin/reports', key: 'reports', role: 'finance' },
  { path: '/admin/chain', key: 'rejectedLogs', role: 'finance' },
  { path: '/admin/catalog', key: 'catalog', role: 'admin' },
  { path: '/admin/purchases', key: 'purchases', role: 'finance' },
  { path: '/admin/orders', key: 'deviceOrders', role: 'support' },
  { path: '/admin/configuration', key: 'configuration', role: 'admin' },
  { path: '/admin/audit', key: 'audit', role: 'admin' },
] as const satisfies readonly { path: `/admin/${string}`; key: string; role: TOperatorRole }[];

export type TAdminPath = (typeof ADMIN_AREAS)[number]['path'];

/** The role the area at `path` needs. */
export const adminRole = (path: TAdminPath): TOperatorRole =>
  ADMIN_AREAS.find((area) => area.path === path)!.role;
