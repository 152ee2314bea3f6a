import {
  formatMinorShort,
  isLanguage,
  ORDER_STATUSES,
  WITHDRAWAL_STATUSES,
  type TCurrency,
  type TLanguage,
  type TNoticeKind,
} from '@portal/contracts';
import type { TMail } from '../../adapters/mail';
import { NOTICE_TEXTS } from './texts';

/** What a trigger of migration 0025 stores with a notice. */
export type TNoticePayload = Record<string, string | null | undefined>;

const CURRENCIES: readonly string[] = ['USDT', 'DXN', 'DFT'];

export const languageOrEnglish = (language: string | null | undefined): TLanguage =>
  isLanguage(language) ? language : 'en';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The amount exactly as kept: minor units to a decimal string, trailing zeros dropped. */
function amountOf(payload: TNoticePayload): { amount: string; currency: string } {
  const currency = CURRENCIES.includes(payload.currency ?? '') ? (payload.currency as TCurrency) : 'USDT';
  const amount = /^[0-9]+$/.test(payload.amount ?? '')
    ? formatMinorShort(BigInt(payload.amount!), currency)
    : '';
  return { amount, currency };
}

/** The notice's one line in `language` (English when the partner's language is unknown). */
export function renderNotice(kind: TNoticeKind, payload: TNoticePayload, language: string): string {
  const texts = NOTICE_TEXTS[languageOrEnglish(language)];
  const values = amountOf(payload);
  switch (kind) {
    case 'deposits':
      return fill(texts.deposit, values);
    case 'bonuses':
      return fill(texts.bonus, values);
    case 'withdrawals': {
      const status = WITHDRAWAL_STATUSES.find((known) => known === payload.status) ?? 'pending';
      return fill(texts.withdrawal[status], values);
    }
    case 'orders': {
      const status = ORDER_STATUSES.find((known) => known === payload.status);
      return fill(texts.order, {
        number: payload.number ?? '',
        status: status ? texts.orderStatus[status] : '',
      });
    }
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The notice as a mail: the line is the subject too, and the portal's address closes it. */
export function renderNoticeMail(
  line: string,
  to: { email: string; name: string; language: string },
  site: { app: string; url: string },
): TMail {
  const texts = NOTICE_TEXTS[languageOrEnglish(to.language)];
  const hello = fill(texts.hello, { name: to.name });
  const lines = [hello, line, `${texts.openPortal} ${site.url}`];
  return {
    to: to.email,
    subject: `${site.app}: ${line}`,
    text: lines.join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(line)}</p>`,
      `<p>${escapeHtml(texts.openPortal)} <a href="${escapeHtml(site.url)}">${escapeHtml(site.url)}</a></p>`,
    ].join('\n'),
  };
}

/** One of the bot's own answers in the chat. */
export function botText(key: 'linked' | 'badCode' | 'goodbye', language: string, app: string): string {
  return fill(NOTICE_TEXTS[languageOrEnglish(language)][key], { app });
}
