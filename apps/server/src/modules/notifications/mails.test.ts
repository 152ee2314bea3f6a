import { LANGUAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { renderMail } from './mails';
import { renderNotice, renderNoticeMail } from './render';

const NAME = `<b>Ann & "Bo" 'C'</b> {{email}}`;
const NAME_HTML = '&#60;b&#62;Ann &#38; &#34;Bo&#34; &#39;C&#39;&#60;/b&#62; {{email}}';

describe('the mails of the server catalogue, by channel', () => {
  it('the text part has values as typed, the HTML part escapes them once', () => {
    const mail = renderMail('emailChange', 'en', 'to@example.com', {
      app: 'Partner Portal',
      name: NAME,
      email: 'a&b@example.com',
      link: 'https://portal.example/confirm-email?token=t&email=a%26b',
    });
    expect(mail).toEqual({
      to: 'to@example.com',
      subject: 'Partner Portal: confirm your new email',
      text: [
        `Hello ${NAME},`,
        'You asked to change the email of your account to a&b@example.com.',
        'The link is valid for 24 hours and can be used once. If you did not ask for it, ignore this mail and consider changing your password.',
        '',
        'Confirm the new email: https://portal.example/confirm-email?token=t&email=a%26b',
      ].join('\n'),
      html: [
        `<p>Hello ${NAME_HTML},</p>`,
        '<p>You asked to change the email of your account to a&#38;b@example.com.</p>',
        '<p>The link is valid for 24 hours and can be used once. If you did not ask for it, ignore this mail and consider changing your password.</p>',
        '<p><a href="https://portal.example/confirm-email?token=t&#38;email=a%26b">Confirm the new email</a></p>',
      ].join('\n'),
    });
  });

  it('every mail has its own subject and text in every language', () => {
    for (const kind of ['passwordReset', 'emailChange', 'emailChanged'] as const) {
      const subjects = new Set<string>();
      for (const language of LANGUAGES) {
        const mail = renderMail(kind, language, 'to@example.com', {
          app: 'PP',
          name: 'N',
          link: 'https://x',
        });
        expect(mail.subject, `${kind} ${language}`).toMatch(/^PP: \S/);
        expect(mail.text, `${kind} ${language}`).not.toMatch(/\{\{|\}\}/);
        subjects.add(mail.subject);
      }
      // Portuguese and Brazilian Portuguese may share a subject, no other two languages do.
      expect(subjects.size, kind).toBeGreaterThanOrEqual(LANGUAGES.length - 1);
    }
  });

  it("a notice mail escapes the partner's name and the line in HTML only", () => {
    const line = renderNotice('withdrawals', { amount: '5', currency: 'USDT', status: 'rejected' }, 'it');
    expect(line).toBe("Prelievo di 0.000005 USDT rifiutato: l'importo è tornato sul tuo saldo.");
    const mail = renderNoticeMail(
      line,
      { email: 'p@example.com', name: NAME, language: 'it' },
      { app: 'PP', url: 'https://p.example/?a=1&b=2' },
    );
    expect(mail.subject).toBe(`PP: ${line}`);
    expect(mail.text).toBe(`Ciao ${NAME},\n${line}\nDettagli nel portale: https://p.example/?a=1&b=2`);
    expect(mail.html).toBe(
      [
        `<p>Ciao ${NAME_HTML},</p>`,
        '<p>Prelievo di 0.000005 USDT rifiutato: l&#39;importo è tornato sul tuo saldo.</p>',
        '<p>Dettagli nel portale: <a href="https://p.example/?a=1&#38;b=2">https://p.example/?a=1&#38;b=2</a></p>',
      ].join('\n'),
    );
  });
});
