import escapeHtml from 'escape-html'
import type { MailLanguage } from '../../mail/mail-language'
import type { StoreIdentity } from '../../mail/store-identity'

export type PasswordLinkKind = 'recovery' | 'invite'

interface Copy {
  subject: (store: string) => string
  greeting: (name: string) => string
  body: (store: string) => string
  action: string
  validity: (hours: number) => string
  ignore: string
}

const copy: Record<MailLanguage, Record<PasswordLinkKind, Copy>> = {
  es: {
    recovery: {
      subject: (store) => `Restablece tu contraseña de ${store}`,
      greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
      body: (store) =>
        `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${store}.`,
      action: 'Elegir una nueva contraseña',
      validity: (hours) =>
        `El enlace es válido durante ${hours === 1 ? '1 hora' : `${hours} horas`} y solo se puede usar una vez.`,
      ignore: 'Si no lo pediste tú, ignora este mensaje: tu contraseña no cambia.',
    },
    invite: {
      subject: (store) => `Tu acceso a ${store}`,
      greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
      body: (store) =>
        `Ya tienes una cuenta en ${store}. Elige tu contraseña para entrar en el área de miembros.`,
      action: 'Elegir mi contraseña',
      validity: (hours) =>
        `El enlace es válido durante ${hours % 24 === 0 ? `${hours / 24} días` : `${hours} horas`} y solo se puede usar una vez. ` +
        'Si caduca, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
      ignore: 'Si no esperabas este mensaje, puedes ignorarlo.',
    },
  },
  en: {
    recovery: {
      subject: (store) => `Reset your ${store} password`,
      greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
      body: (store) => `We received a request to reset the password of your ${store} account.`,
      action: 'Choose a new password',
      validity: (hours) =>
        `The link is valid for ${hours === 1 ? '1 hour' : `${hours} hours`} and works only once.`,
      ignore: 'If you did not ask for it, ignore this message: your password stays the same.',
    },
    invite: {
      subject: (store) => `Your access to ${store}`,
      greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
      body: (store) => `You now have a ${store} account. Choose your password to enter the members’ area.`,
      action: 'Choose my password',
      validity: (hours) =>
        `The link is valid for ${hours % 24 === 0 ? `${hours / 24} days` : `${hours} hours`} and works only once. ` +
        'If it expires, use “Forgot your password?” on the sign-in page.',
      ignore: 'If you did not expect this message, you can ignore it.',
    },
  },
}

/** The email with a set-password link, as plain text and HTML, in the member's language. */
export function passwordLinkEmail(input: {
  kind: PasswordLinkKind
  language: MailLanguage
  store: StoreIdentity
  name: string
  link: string
  validHours: number
}) {
  const words = copy[input.language][input.kind]
  const store = input.store.name
  const text = [
    words.greeting(input.name),
    '',
    words.body(store),
    '',
    `${words.action}:`,
    input.link,
    '',
    words.validity(input.validHours),
    words.ignore,
    '',
    `— ${store}`,
    '',
  ].join('\n')
  const link = escapeHtml(input.link)
  const html = `<!doctype html>
<html lang="${input.language}">
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#0f172a">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:32px">
<p style="margin:0 0 16px">${escapeHtml(words.greeting(input.name))}</p>
<p style="margin:0 0 24px">${escapeHtml(words.body(store))}</p>
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(words.action)}</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#475569">${escapeHtml(words.validity(input.validHours))}</p>
<p style="margin:0 0 24px;font-size:14px;color:#475569">${escapeHtml(words.ignore)}</p>
<p style="margin:0;font-size:12px;color:#64748b;word-break:break-all">${link}</p>
</div>
</body>
</html>
`
  return { subject: words.subject(store), text, html, fromName: store }
}
