import { composeEmail } from '../../mail/email-layout'
import type { MailLanguage } from '../../mail/mail-language'

const copy = {
  es: {
    subject: 'Tu enlace y tu código para entrar en Projects Gallery',
    greeting: (name: string) => (name ? `Hola, ${name}:` : 'Hola:'),
    asked: 'Has pedido entrar en Projects Gallery sin contraseña.',
    action: 'Entrar en Projects Gallery',
    linkValidity: 'El enlace es válido durante 1 hora y solo se puede usar una vez, en cualquier navegador.',
    code: (code: string) => `O escribe este código en la página donde lo pediste: ${code}`,
    codeValidity: 'El código es válido durante 15 minutos.',
    phrase: (phrase: string) => `Frase de seguridad: ${phrase} (debe coincidir con la que ves en la página).`,
    ignore: 'Si no lo pediste tú, ignora este mensaje: nadie puede entrar sin este enlace o este código.',
  },
  en: {
    subject: 'Your link and code to sign in to Projects Gallery',
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    asked: 'You asked to sign in to Projects Gallery without a password.',
    action: 'Sign in to Projects Gallery',
    linkValidity: 'The link is valid for 1 hour and works only once, in any browser.',
    code: (code: string) => `Or type this code on the page where you asked for it: ${code}`,
    codeValidity: 'The code is valid for 15 minutes.',
    phrase: (phrase: string) => `Security phrase: ${phrase} (it must match the one the page shows).`,
    ignore:
      'If you did not ask for it, ignore this message: nobody can sign in without this link or this code.',
  },
} satisfies Record<MailLanguage, unknown>

/** A sign-in without a password (issue 31): a link that signs the member in and a 6-digit code. */
export function signInEmail(input: {
  language: MailLanguage
  name: string
  /** The link carries a secret: it goes straight into the message, never into a log. */
  link: string
  code: string
  phrase: string
}) {
  const words = copy[input.language]
  return composeEmail({
    language: input.language,
    // Not the code: mail relays log subjects.
    subject: words.subject,
    parts: [
      { paragraph: words.greeting(input.name) },
      { paragraph: words.asked },
      { button: words.action, href: input.link },
      { note: words.linkValidity },
      { paragraph: words.code(input.code) },
      { note: words.codeValidity },
      ...(input.phrase ? [{ paragraph: words.phrase(input.phrase) }] : []),
      { note: words.ignore },
    ],
  })
}
