import type { TLanguage } from '@portal/contracts';
import type { TMail } from '../../adapters/mail';

type TTemplate = { subject: string; lines: string[]; action?: string };
type TKind = 'passwordReset' | 'emailChange' | 'emailChanged';

/**
 * The mails, in the recipient's language (English when a text is missing). `{name}`, `{app}`
 * and `{email}` are filled in; `{link}` becomes the action button.
 */
const TEMPLATES: Record<TLanguage, Record<TKind, TTemplate>> = {
  en: {
    passwordReset: {
      subject: '{app}: password recovery',
      lines: [
        'Hello {name},',
        'We received a request to reset the password of your account.',
        'The link is valid for 1 hour and can be used once. If you did not ask for it, ignore this mail: your password stays the same.',
      ],
      action: 'Set a new password',
    },
    emailChange: {
      subject: '{app}: confirm your new email',
      lines: [
        'Hello {name},',
        'You asked to change the email of your account to {email}.',
        'The link is valid for 24 hours and can be used once. If you did not ask for it, ignore this mail and consider changing your password.',
      ],
      action: 'Confirm the new email',
    },
    emailChanged: {
      subject: '{app}: your email was changed',
      lines: [
        'Hello {name},',
        'The email of your account was changed to {email}.',
        'If you did not do this, contact support at once.',
      ],
    },
  },
  pt: {
    passwordReset: {
      subject: '{app}: recuperação da palavra-passe',
      lines: [
        'Olá {name},',
        'Recebemos um pedido para repor a palavra-passe da sua conta.',
        'A ligação é válida durante 1 hora e só pode ser usada uma vez. Se não fez este pedido, ignore este email: a sua palavra-passe mantém-se.',
      ],
      action: 'Definir nova palavra-passe',
    },
    emailChange: {
      subject: '{app}: confirme o seu novo email',
      lines: [
        'Olá {name},',
        'Pediu para alterar o email da sua conta para {email}.',
        'A ligação é válida durante 24 horas e só pode ser usada uma vez. Se não fez este pedido, ignore este email e considere alterar a sua palavra-passe.',
      ],
      action: 'Confirmar o novo email',
    },
    emailChanged: {
      subject: '{app}: o seu email foi alterado',
      lines: [
        'Olá {name},',
        'O email da sua conta foi alterado para {email}.',
        'Se não foi você, contacte o suporte imediatamente.',
      ],
    },
  },
  BT: {
    passwordReset: {
      subject: '{app}: recuperação de senha',
      lines: [
        'Olá {name},',
        'Recebemos uma solicitação para redefinir a senha da sua conta.',
        'O link é válido por 1 hora e pode ser usado uma única vez. Se você não fez essa solicitação, ignore este e-mail: sua senha continua a mesma.',
      ],
      action: 'Definir nova senha',
    },
    emailChange: {
      subject: '{app}: confirme seu novo e-mail',
      lines: [
        'Olá {name},',
        'Você pediu para alterar o e-mail da sua conta para {email}.',
        'O link é válido por 24 horas e pode ser usado uma única vez. Se você não fez essa solicitação, ignore este e-mail e considere trocar sua senha.',
      ],
      action: 'Confirmar o novo e-mail',
    },
    emailChanged: {
      subject: '{app}: seu e-mail foi alterado',
      lines: [
        'Olá {name},',
        'O e-mail da sua conta foi alterado para {email}.',
        'Se não foi você, entre em contato com o suporte imediatamente.',
      ],
    },
  },
  ru: {
    passwordReset: {
      subject: '{app}: восстановление пароля',
      lines: [
        'Здравствуйте, {name}!',
        'Мы получили запрос на сброс пароля вашей учётной записи.',
        'Ссылка действует 1 час и может быть использована один раз. Если вы не запрашивали сброс, просто проигнорируйте это письмо: пароль останется прежним.',
      ],
      action: 'Задать новый пароль',
    },
    emailChange: {
      subject: '{app}: подтвердите новый email',
      lines: [
        'Здравствуйте, {name}!',
        'Вы запросили смену email вашей учётной записи на {email}.',
        'Ссылка действует 24 часа и может быть использована один раз. Если вы этого не делали, проигнорируйте письмо и смените пароль.',
      ],
      action: 'Подтвердить новый email',
    },
    emailChanged: {
      subject: '{app}: ваш email изменён',
      lines: [
        'Здравствуйте, {name}!',
        'Email вашей учётной записи изменён на {email}.',
        'Если это были не вы, немедленно обратитесь в поддержку.',
      ],
    },
  },
  es: {
    passwordReset: {
      subject: '{app}: recuperación de contraseña',
      lines: [
        'Hola {name}:',
        'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta.',
        'El enlace es válido durante 1 hora y solo puede usarse una vez. Si no lo solicitaste, ignora este correo: tu contraseña no cambia.',
      ],
      action: 'Establecer una nueva contraseña',
    },
    emailChange: {
      subject: '{app}: confirma tu nuevo correo',
      lines: [
        'Hola {name}:',
        'Has pedido cambiar el correo de tu cuenta a {email}.',
        'El enlace es válido durante 24 horas y solo puede usarse una vez. Si no lo solicitaste, ignora este correo y considera cambiar tu contraseña.',
      ],
      action: 'Confirmar el nuevo correo',
    },
    emailChanged: {
      subject: '{app}: tu correo ha cambiado',
      lines: [
        'Hola {name}:',
        'El correo de tu cuenta se ha cambiado a {email}.',
        'Si no fuiste tú, contacta con soporte de inmediato.',
      ],
    },
  },
  it: {
    passwordReset: {
      subject: '{app}: recupero della password',
      lines: [
        'Ciao {name},',
        'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account.',
        'Il link è valido per 1 ora e può essere usato una sola volta. Se non l’hai richiesto, ignora questa email: la tua password resta invariata.',
      ],
      action: 'Imposta una nuova password',
    },
    emailChange: {
      subject: '{app}: conferma la tua nuova email',
      lines: [
        'Ciao {name},',
        'Hai chiesto di cambiare l’email del tuo account in {email}.',
        'Il link è valido per 24 ore e può essere usato una sola volta. Se non l’hai richiesto, ignora questa email e valuta di cambiare la password.',
      ],
      action: 'Conferma la nuova email',
    },
    emailChanged: {
      subject: '{app}: la tua email è stata cambiata',
      lines: [
        'Ciao {name},',
        'L’email del tuo account è stata cambiata in {email}.',
        'Se non sei stato tu, contatta subito l’assistenza.',
      ],
    },
  },
  TUV: {
    passwordReset: {
      subject: '{app}: эртем-созун катап тургузары',
      lines: [
        'Экии, {name}!',
        'Силерниң аккаунтуңарның эртем-созун катап тургузар дугайында дилег келген.',
        'Шөлүг 1 шак дургузунда ажыглаттынар, чүгле бир катап. Бир эвес силер дилевээн болзуңарза, бо бижикти херекке албаңар.',
      ],
      action: 'Чаа эртем-сос тургузар',
    },
    emailChange: {
      subject: '{app}: чаа email-ди бадыткаңар',
      lines: [
        'Экии, {name}!',
        'Силер аккаунтуңарның email-ин {email} кылдыр өскертирин дилээн силер.',
        'Шөлүг 24 шак дургузунда ажыглаттынар, чүгле бир катап. Бир эвес силер дилевээн болзуңарза, бо бижикти херекке албаңар.',
      ],
      action: 'Чаа email-ди бадыткаар',
    },
    emailChanged: {
      subject: '{app}: силерниң email өскерилген',
      lines: [
        'Экии, {name}!',
        'Силерниң аккаунтуңарның email-и {email} кылдыр өскерилген.',
        'Бир эвес ону силер кылбаан болзуңарза, дарый деткимче албанынче кирип келиңер.',
      ],
    },
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** One mail of `kind` in `language`, as text and as HTML. */
export function renderMail(
  kind: TKind,
  language: TLanguage,
  to: string,
  values: { app: string; name: string; email?: string; link?: string },
): TMail {
  const template = TEMPLATES[language][kind] ?? TEMPLATES.en[kind];
  const strings: Record<string, string> = { app: values.app, name: values.name, email: values.email ?? '' };
  const lines = template.lines.map((line) => fill(line, strings));
  const action =
    template.action && values.link ? { label: fill(template.action, strings), link: values.link } : null;
  const text = [...lines, ...(action ? ['', `${action.label}: ${action.link}`] : [])].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(action ? [`<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.label)}</a></p>`] : []),
  ].join('\n');
  return { to, subject: fill(template.subject, strings), text, html };
}
