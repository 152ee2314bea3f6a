import type { TLanguage } from '@portal/contracts';
import type { TMail } from '../../adapters/mail';
import { escapeHtml, serverText, type TServerTextKey } from '../../lib/i18n';

type TKind = 'passwordReset' | 'emailChange' | 'emailChanged' | 'mfaReset';

/**
 * Each mail's paragraphs in order, by their keys in the server catalogue
 * (apps/web/src/locales/server/<language>.json, `mail.*`); `action` labels the link.
 */
const MAILS: Record<TKind, { lines: TServerTextKey[]; action?: TServerTextKey }> = {
  passwordReset: {
    lines: ['mail.hello', 'mail.passwordReset.request', 'mail.passwordReset.validity'],
    action: 'mail.passwordReset.action',
  },
  emailChange: {
    lines: ['mail.hello', 'mail.emailChange.request', 'mail.emailChange.validity'],
    action: 'mail.emailChange.action',
  },
  emailChanged: { lines: ['mail.hello', 'mail.emailChanged.changed', 'mail.emailChanged.notYou'] },
  mfaReset: { lines: ['mail.hello', 'mail.mfaReset.reset', 'mail.mfaReset.again'] },
};

/**
 * One mail of `kind` in `language` (English for a text the language lacks), as text and as HTML.
 * `{{name}}`, `{{app}}` and `{{email}}` are filled in; the link becomes the action button.
 */
export function renderMail(
  kind: TKind,
  language: TLanguage,
  to: string,
  values: { app: string; name: string; email?: string; link?: string },
): TMail {
  const mail = MAILS[kind];
  const strings: Record<string, string> = { app: values.app, name: values.name, email: values.email ?? '' };
  const text = (key: TServerTextKey) => serverText(language, key, strings);
  const lines = mail.lines.map(text);
  const action = mail.action && values.link ? { label: text(mail.action), link: values.link } : null;
  const body = [...lines, ...(action ? ['', `${action.label}: ${action.link}`] : [])].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(action ? [`<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.label)}</a></p>`] : []),
  ].join('\n');
  return { to, subject: text(`mail.${kind}.subject`), text: body, html };
}
