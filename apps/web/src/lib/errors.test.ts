import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorLines, fieldErrorsOf } from './errors';
import { changeLanguage, initI18n } from './i18n';

beforeAll(async () => {
  await initI18n('en');
});

describe('what a failed call says (spec section 8)', () => {
  const t = () => i18next.t;

  it('400: the first message of every field, one line each', () => {
    const error = new ApiError(400, {
      email: ['Email is already exists.', 'Invalid email.'],
      phone: ['Phone is already exists.'],
    });
    expect(errorLines(error, t())).toEqual(['Email is already exists.', 'Phone is already exists.']);
  });

  it('400 without a body: "Error"', () => {
    expect(errorLines(new ApiError(400, null), t())).toEqual(['Error']);
  });

  it('500: "Server error", whatever the body says', () => {
    expect(errorLines(new ApiError(500, { detail: 'stack trace here' }), t())).toEqual(['Server error']);
  });

  it("other statuses: the server's detail", () => {
    expect(errorLines(new ApiError(429, { detail: 'Too many attempts. Try again later.' }), t())).toEqual([
      'Too many attempts. Try again later.',
    ]);
  });

  it('a network failure: "Something went wrong, try again later."', () => {
    expect(errorLines(new TypeError('Failed to fetch'), t())).toEqual([
      'Something went wrong, try again later.',
    ]);
  });

  it("server messages are shown in the reader's language, with their values", async () => {
    await changeLanguage('ru');
    const error = new ApiError(400, {
      email: ['Email is already exists.'],
      first_name: ['Ensure this field has no more than 150 characters.'],
      other: ['A text the catalogue does not know'],
    });
    const lines = errorLines(error, t());
    expect(lines[0]).not.toBe('Email is already exists.');
    expect(lines[0]).toBe(i18next.t('messages.emailExists'));
    expect(lines[1]).toContain('150');
    expect(lines[2]).toBe('A text the catalogue does not know');
    await changeLanguage('en');
  });

  it('amounts in a message are written as on screen: trimmed, with the language separator', async () => {
    const error = new ApiError(400, { amount: ['The minimum amount is 10.000000 USDT.'] });
    expect(errorLines(error, t())).toEqual(['The minimum amount is 10.00 USDT.']);
    await changeLanguage('ru');
    expect(errorLines(error, t())[0]).toBe('Минимальная сумма — 10,00 USDT.');
    await changeLanguage('en');
  });

  it('too many decimals has its own message in every language', async () => {
    const error = new ApiError(400, { amount: ['Use at most 6 decimal places.'] });
    expect(errorLines(error, t())).toEqual(['Use at most 6 decimal places.']);
    await changeLanguage('pt');
    expect(errorLines(error, t())[0]).not.toBe('Use at most 6 decimal places.');
    expect(errorLines(error, t())[0]).toContain('6');
    await changeLanguage('en');
  });

  it('field errors of a 400 go to the form fields they name', () => {
    const error = new ApiError(400, {
      password_confirm: ['Passwords does not match.'],
      non_field_errors: ['Invalid username/password pair.'],
    });
    expect(fieldErrorsOf(error, i18next.t)).toEqual({
      password_confirm: 'Passwords does not match.',
      non_field_errors: 'Invalid username/password pair.',
    });
    expect(fieldErrorsOf(new ApiError(401, { detail: 'x' }), i18next.t)).toEqual({});
  });
});
