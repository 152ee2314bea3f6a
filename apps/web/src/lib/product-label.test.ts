import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { productName } from './product-label';

const t = ((key: string) => `translated ${key}`) as unknown as TFunction;

describe('productName', () => {
  it('translates a catalogue product by its code', () => {
    expect(productName({ code: 'virtual-node-300', name: 'Virtual node M' }, t)).toBe(
      'translated productNames.virtual-node-300',
    );
    expect(productName({ code: 'event-ticket', name: 'Event ticket' }, t)).toBe(
      'translated productNames.event-ticket',
    );
  });

  it("keeps the server's name for a product it has no translation of", () => {
    expect(productName({ code: 'virtual-node-900', name: 'Virtual node XL' }, t)).toBe('Virtual node XL');
  });
});
