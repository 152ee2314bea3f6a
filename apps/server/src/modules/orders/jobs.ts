import type { TJob } from '../../jobs/scheduler';
import type { TOrders } from './service';

/** Unpaid orders past their time are cancelled and their stock returned. */
export function orderJobs(deps: { orders: TOrders }): TJob[] {
  return [{ kind: 'worker', name: 'order-expiry', everyMs: 60_000, run: () => deps.orders.expire() }];
}
