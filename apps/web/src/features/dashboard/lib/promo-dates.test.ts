import { describe, expect, it } from 'vitest';
import { promoEnded } from './promo-dates';

const window = { start: '2026-07-02T00:00:00.000Z', end: '2026-11-02T00:00:00.000Z', active: true };

describe('promoEnded', () => {
  it('is over when the server says so, or once the window’s end has passed since it was read', () => {
    expect(promoEnded({ finished: true, window: { ...window, active: false } }, new Date('2026-12-01'))).toBe(
      true,
    );
    expect(promoEnded({ finished: false, window }, new Date('2026-11-02T00:00:00.000Z'))).toBe(true);
    expect(promoEnded({ finished: false, window }, new Date('2026-11-01T23:59:59.000Z'))).toBe(false);
  });
});
