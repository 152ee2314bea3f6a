import {
  formatMinorShort,
  ORDER_STATUSES,
  WITHDRAWAL_STATUSES,
  type TCurrency,
  type TNoticeKind,
} from '@portal/contracts';
import type { TMail } from '../../adapters/mail';
import { escapeHtml, serverText } from '../../lib/i18n';

/** What a trigger of migration 0025 stores with a notice. */
export type TNoticePayload = Record<string, string | null | undefined>;

const CURRENCIES: readonly string[] = ['USDT', 'DXN', 'DFT'];

/** The amount exactly as kept: minor units to a decimal string, trailing zeros dropped. */
function amountOf(payload: TNoticePayload): { amount: string; currency: string } {
  const currency = CURRENCIES.includes(payload.currency ?? '') ? (payload.currency as TCurrency) : 'USDT';
  const amount = /^[0-9]+$/.test(payload.amount ?? '')
    ? formatMinorShort(BigInt(payload.amount!), currency)
    : '';
  return { amount, currency };
}

/**
 * The notice's one line in `language` (English when the partner's language is unknown), from the
 * server catalogue's `notice.*` texts (apps/web/src/locales/server/<language>.json).
 */
export function renderNotice(kind: TNoticeKind, payload: TNoticePayload, language: string): string {
  const values = amountOf(payload);
  switch (kind) {
    case 'deposits':
      return serverText(language, 'notice.deposit', values);
    case 'bonuses':
      return serverText(language, 'notice.bonus', values);
    case 'withdrawals': {
      const status = WITHDRAWAL_STATUSES.find((known) => known === payload.status) ?? 'pending';
      return serverText(language, `notice.withdrawal.${status}`, values);
    }
    case 'orders': {
      const status = ORDER_STATUSES.find((known) => known === payload.status);
      return serverText(language, 'notice.order', {
        number: payload.number ?? '',
        status: status ? serverText(language, `notice.orderStatus.${status}`) : '',
      });
    }
  }
}

/** The notice as a mail: the line is the subject too, and the portal's address closes it. */
export function renderNoticeMail(
  line: string,
  to: { email: string; name: string; language: string },
  site: { app: string; url: string },
): TMail {
  const hello = serverText(to.language, 'notice.hello', { name: to.name });
  const openPortal = serverText(to.language, 'notice.openPortal');
  const lines = [hello, line, `${openPortal} ${site.url}`];
  return {
    to: to.email,
    subject: `${site.app}: ${line}`,
    text: lines.join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(line)}</p>`,
      `<p>${escapeHtml(openPortal)} <a href="${escapeHtml(site.url)}">${escapeHtml(site.url)}</a></p>`,
    ].join('\n'),
  };
}

/** One of the bot's own answers in the chat. */
export function botText(key: 'linked' | 'badCode' | 'goodbye', language: string, app: string): string {
  return serverText(language, `bot.${key}`, { app });
}
