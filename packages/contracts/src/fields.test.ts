import { describe, expect, it } from 'vitest';
import { DATE_BOUNDS, ZPageQuery } from './common';
import { ZAdjustmentRequest, ZCardPaymentRequest, ZFinancesRequest } from './wallet';
import { isSafeText, zName, zSafeString, zText } from './fields';
import { MESSAGES } from './messages';

describe('the one text field', () => {
  it('refuses NUL, control characters, bidirectional overrides and isolates, and lone surrogates', () => {
    for (const text of [
      'a\u0000b',
      'a\u0007',
      'a\u001B[31m',
      'a\u007F',
      'a\u0085',
      'abc\u202Etxt',
      'a\u2066b',
      'a\uD800',
      'a\uDC00b',
    ]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
      const result = zText(100).safeParse(text);
      expect(result.error?.issues[0]?.message, JSON.stringify(text)).toBe(MESSAGES.textInvalid);
    }
  });

  it('takes line breaks only where a field is multi-line', () => {
    expect(zText(100).safeParse('one\ntwo').success).toBe(false);
    expect(zText(100, MESSAGES.fieldRequired, { multiline: true }).parse('one\ntwo')).toBe('one\ntwo');
  });

  it('keeps emoji, quotes, angle brackets, right-to-left letters and paired surrogates', () => {
    for (const text of ['😀👍🏽', "O'Brien; --", '<b>', 'שלום', 'مرحبا', '𝒜']) {
      expect(zSafeString(100).parse(text)).toBe(text);
    }
  });

  it('normalises to NFC and trims before it counts', () => {
    expect(zText(4).parse('  Jose\u0301  ')).toBe('Jos\u00e9');
  });

  it('refuses a name of only invisible characters as missing', () => {
    for (const name of ['\u200B', '\u200B\u200C\u200D', '\uFEFF\u2060', '\u00AD', '\u3164', ' \u200E ']) {
      expect(zName(150, MESSAGES.nameRequired).safeParse(name).error?.issues[0]?.message).toBe(
        MESSAGES.nameRequired,
      );
    }
    expect(zName(150, MESSAGES.nameRequired).parse('Zoë\u200D')).toBe('Zoë\u200D');
  });
});

describe('statement dates', () => {
  it('are bounded', () => {
    expect(ZFinancesRequest.safeParse({ date_from: '0000-01-01' }).success).toBe(false);
    expect(ZFinancesRequest.safeParse({ date_to: '9999-12-31' }).success).toBe(false);
    expect(ZFinancesRequest.safeParse({ date_from: DATE_BOUNDS.min, date_to: DATE_BOUNDS.max }).success).toBe(
      true,
    );
  });
});

describe('card top-up request', () => {
  it('takes the amount only and refuses card data, each field named', () => {
    expect(ZCardPaymentRequest.parse({ amount: '20' })).toEqual({ amount: '20' });
    const withCard = ZCardPaymentRequest.safeParse({
      amount: '20',
      card_number: '4242424242424242',
      cvc: '123',
    });
    expect(withCard.success).toBe(false);
    expect(withCard.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['card_number', MESSAGES.cardDataRefused],
      ['cvc', MESSAGES.cardDataRefused],
    ]);
    // Other unknown fields are dropped, as everywhere.
    expect(ZCardPaymentRequest.parse({ amount: '20', note: 'x' })).toEqual({ amount: '20' });
  });
});

describe('whole numbers', () => {
  it('take numbers and digits, never true, arrays or empty strings that a coercion reads as 1 or 0', () => {
    // Whole numbers of other requests: the adjustment's user id, the page.
    const adjustment = { user_id: 5, currency: 'USDT', amount: '1', reason: 'r' };
    expect(ZAdjustmentRequest.safeParse(adjustment).success).toBe(true);
    for (const id of [true, 0, 2 ** 31, 1.5, '7x']) {
      expect(ZAdjustmentRequest.safeParse({ ...adjustment, user_id: id }).success, String(id)).toBe(false);
    }
    expect(ZPageQuery.parse({ page: '3' }).page).toBe(3);
    expect(ZPageQuery.safeParse({ page: '1000001' }).success).toBe(false);
  });
});
