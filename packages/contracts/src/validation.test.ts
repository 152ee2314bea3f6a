import { describe, expect, it } from 'vitest';
import { ZProfilePatch, ZRegisterRequest } from './accounts';
import { formatMessage, matchMessage, MESSAGES } from './messages';
import { fieldErrors, firstMessages } from './validation';

const errorsOf = (result: { success: boolean; error?: { issues: unknown[] } }) =>
  result.success ? {} : fieldErrors(result.error!.issues as never);

describe('registration contract', () => {
  it("answers the spec's messages for each field", () => {
    expect(
      errorsOf(
        ZRegisterRequest.safeParse({
          email: 'nope',
          password: 'password-1',
          password_confirm: 'password-2',
          first_name: ' ',
          last_name: '',
          phone: '',
          country: 'X',
          country_code: 'PT',
        }),
      ),
    ).toEqual({
      email: ['Invalid email.'],
      first_name: ['Name is required.'],
      last_name: ['Surname is required.'],
      phone: ['Phone number is required.'],
      password_confirm: ['Passwords does not match.'],
    });
  });

  it('normalizes email, phone and country', () => {
    const parsed = ZRegisterRequest.parse({
      email: ' Ann@Example.COM ',
      password: 'password-1',
      password_confirm: 'password-1',
      first_name: 'Ann',
      last_name: 'Lee',
      phone: '+351 (91) 234-5678',
      country: 'Portugal',
      country_code: 'pt',
    });
    expect(parsed).toMatchObject({ email: 'ann@example.com', phone: '+351912345678', country_code: 'PT' });
  });

  it('names fields a call does not take instead of ignoring them', () => {
    expect(errorsOf(ZProfilePatch.safeParse({ is_superuser: true, mentor_id: 1 }))).toEqual({
      is_superuser: ['This field cannot be set.'],
      mentor_id: ['This field cannot be set.'],
    });
  });
});

describe('messages', () => {
  it('finds the key and the values of a server message, for translation', () => {
    expect(matchMessage('Email is already exists.')).toEqual({ key: 'emailExists', values: {} });
    expect(matchMessage("You cannot purchase this tariff. It's already purchased.")?.key).toBe(
      'tariffAlreadyPurchased',
    );
    expect(matchMessage(formatMessage(MESSAGES.tooLong, { max: 5 }))).toEqual({
      key: 'tooLong',
      values: { max: '5' },
    });
    expect(matchMessage('Something else')).toBeUndefined();
  });

  it('fills placeholders', () => {
    expect(formatMessage(MESSAGES.tooLong, { max: 5 })).toBe(
      'Ensure this field has no more than 5 characters.',
    );
    expect(formatMessage(MESSAGES.tooLong)).toBe(MESSAGES.tooLong);
  });

  it('shows the first message of each field, in order', () => {
    expect(firstMessages({ email: ['a', 'b'], phone: ['c'] })).toEqual(['a', 'c']);
  });
});
