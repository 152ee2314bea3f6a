import { describe, expect, it, vi } from 'vitest';
import {
  atLeast,
  decimalSeparator,
  formatAmount,
  formatCount,
  formatPercent,
  formatDate,
  formatDateTime,
  formatMonth,
  isAboveZero,
  listLanguage,
  listLocale,
  toApiAmount,
  utcDay,
} from './format';

describe('formatting', () => {
  it('writes dates as DD.MM.YYYY', () => {
    expect(formatDate(new Date(2026, 0, 5, 13, 0))).toBe('05.01.2026');
    expect(formatDate(new Date(2026, 10, 21))).toBe('21.11.2026');
  });

  it('writes amounts from their decimal strings without losing a digit', () => {
    expect(formatAmount('1234567.500000')).toBe('1 234 567.50');
    expect(formatAmount('0.000001')).toBe('0.000001');
    expect(formatAmount('90071992547409.93123456')).toBe('90 071 992 547 409.93123456');
    expect(formatAmount('12')).toBe('12.00');
    expect(formatAmount('-3.100000')).toBe('-3.10');
  });

  it('tells an amount above zero from zero, a negative and a malformed text', () => {
    expect(isAboveZero('30.000000')).toBe(true);
    expect(isAboveZero('0.000001')).toBe(true);
    expect(isAboveZero('0.000000')).toBe(false);
    expect(isAboveZero('0')).toBe(false);
    expect(isAboveZero('-5.000000')).toBe(false);
    expect(isAboveZero('')).toBe(false);
  });

  it('writes the decimal separator of the language', () => {
    expect(formatAmount('1234567.500000', 'en')).toBe('1 234 567.50');
    for (const language of ['pt', 'BT', 'ru', 'es', 'it', 'TUV'] as const) {
      expect(formatAmount('1234567.500000', language), language).toBe('1 234 567,50');
      expect(decimalSeparator(language), language).toBe(',');
    }
  });

  it('takes a decimal comma where the language writes one, and sends a point', () => {
    for (const language of ['pt', 'BT', 'ru', 'es', 'it', 'TUV'] as const) {
      expect(toApiAmount('12,5', language), language).toBe('12.5');
      expect(toApiAmount(' 1 000,25 ', language), language).toBe('1000.25');
      expect(toApiAmount('12.5', language), language).toBe('12.5');
      expect(toApiAmount('1,2,3', language), language).toBe('1,2,3');
    }
    // English writes the comma between thousands: left for the contract to refuse, never guessed.
    expect(toApiAmount('12,5', 'en')).toBe('12,5');
    expect(toApiAmount('12.5', 'en')).toBe('12.5');
  });

  it('Tuvan reads every list (countries, months) in Russian, the others in their own language', () => {
    expect(listLanguage('TUV')).toBe('ru');
    expect(listLocale('TUV')).toBe('ru');
    expect(listLocale('BT')).toBe('pt-BR');
    expect(listLocale('en')).toBe('en');
  });

  it('writes rates in basis points as percents, with the language separator', () => {
    expect(formatPercent(700, 'en')).toBe('7%');
    expect(formatPercent(100, 'en')).toBe('1%');
    expect(formatPercent(1050, 'en')).toBe('10.5%');
    expect(formatPercent(1, 'ru')).toBe('0,01%');
    expect(formatPercent(0, 'en')).toBe('0%');
  });

  it('writes date and time', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7))).toBe('05.01.2026 09:07');
  });

  it('keeps a progress indicator up for the minimum time, on success and on failure', async () => {
    vi.useFakeTimers();
    let settled = false;
    const success = atLeast(500, Promise.resolve('done')).then((value) => {
      settled = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(success).resolves.toBe('done');

    let failed = false;
    const failure = atLeast(500, Promise.reject(new Error('no'))).catch((error: Error) => {
      failed = true;
      return error.message;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(failed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(failure).resolves.toBe('no');
    vi.useRealTimers();
  });
});

describe('formatMonth', () => {
  it("names the month in the reader's language", () => {
    expect(formatMonth('2026-11', 'en-US')).toBe('Nov 2026');
    expect(formatMonth('2026-01', 'de-DE')).toMatch(/Jan.* 2026/);
  });
});

describe('utcDay', () => {
  it('writes the UTC day of a day or a time as DD.MM.YYYY, whatever the reader’s time zone', () => {
    expect(utcDay('2026-07-02T00:00:00.000Z')).toBe('02.07.2026');
    expect(utcDay('2026-11-02T00:00:00.000Z')).toBe('02.11.2026');
    expect(utcDay('2026-11-23')).toBe('23.11.2026');
  });
});

describe('formatCount', () => {
  it('groups the thousands of a count as of an amount', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234567)).toBe('1 234 567');
  });
});
