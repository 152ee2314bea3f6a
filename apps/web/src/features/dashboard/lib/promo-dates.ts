import type { TWinterPromoStatus } from '@portal/contracts';

/**
 * The promo's window is over at `now`: the server says so (`finished`), or its end has passed
 * since the status was read (a dashboard left open over the last day). Its numbers are then the
 * result, never what is "still needed".
 */
export function promoEnded(status: Pick<TWinterPromoStatus, 'finished' | 'window'>, now: Date): boolean {
  return status.finished || Date.parse(status.window.end) <= now.getTime();
}
