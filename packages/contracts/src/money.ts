import { z } from 'zod';
import { amountProblem, CURRENCIES, DECIMAL_TEXT, type TCurrency } from './minor-units';
import { MESSAGES } from './messages';

export * from './minor-units';

export const ZCurrency = z.enum(CURRENCIES);

/** A positive amount of `currency` as a decimal string in a request. */
export function zAmount(currency: TCurrency) {
  return z
    .string({ error: MESSAGES.amountNotPositive })
    .trim()
    .superRefine((text, ctx) => {
      const problem = amountProblem(text, currency);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** A decimal-string amount in a response. */
export const ZMoney = z.string().regex(DECIMAL_TEXT);
export type TMoney = z.infer<typeof ZMoney>;
