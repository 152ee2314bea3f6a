/**
 * Every table, for drizzle-kit (drizzle.config.ts) and the tests. Each module declares its own
 * tables in its schema.ts and only its own code touches them (test/modules/ownership.test.ts).
 */
export * from './modules/accounts/schema';
export * from './modules/api-keys/schema';
export * from './modules/admin/schema';
export * from './modules/audit/schema';
export * from './modules/card/schema';
export * from './modules/catalog/schema';
export * from './modules/compensation/schema';
export * from './modules/configs/schema';
export * from './modules/dashboard/schema';
export * from './modules/deposits/schema';
export * from './modules/dft/schema';
export * from './modules/fraud/schema';
export * from './modules/gift-certificates/schema';
export * from './modules/idempotency/schema';
export * from './modules/ledger/schema';
export * from './modules/mfa/schema';
export * from './modules/network/schema';
export * from './modules/notifications/schema';
export * from './modules/orders/schema';
export * from './modules/products/schema';
export * from './modules/promocodes/schema';
export * from './modules/purchases/schema';
export * from './modules/rate-limit/schema';
export * from './modules/rates/schema';
export * from './modules/sessions/schema';
export * from './modules/statement/schema';
export * from './modules/tariffs/schema';
export * from './modules/team-stats/schema';
export * from './modules/validator-keys/schema';
export * from './modules/withdrawals/schema';
export * from './adapters/schema';
export * from './jobs/schema';
