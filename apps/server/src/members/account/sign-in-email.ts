import { composeEmail } from '../../mail/email-layout'
import type { MailLanguage } from '../../mail/mail-language'
import type { StoreIdentity } from '../../mail/store-identity'

const copy = {
  es: {
    subject: (store: string) => `Tu enlace y tu código para entrar en ${store}`,
    greeting: (name: string) => (name ? `Hola, ${name}:` : 'Hola:'),
    asked: (store: string) => `Has pedido entrar en ${store} sin contraseña.`,
    action: (store: string) => `Entrar en ${store}`,
    linkValidity: 'El enlace es válido durante 1 hora y solo se puede usar una vez, en cualquier navegador.',
    code: (code: string) => `O escribe este código en la página donde lo pediste: ${code}`,
    codeValidity: 'El código es válido durante 15 minutos.',
    phrase: (phrase: string) => `Frase de seguridad: ${phrase} (debe coincidir con la que ves en la página).`,
    ignore: 'Si no lo pediste tú, ignora este mensaje: nadie puede entrar sin este enlace o este código.',
  },
  en: {
    subject: (store: string) => `Your link and code to sign in to ${store}`,
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    asked: (store: string) => `You asked to sign in to ${store} without a password.`,
    action: (store: string) => `Sign in to ${store}`,
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
  store: StoreIdentity
  name: string
  /** The link carries a secret: it goes straight into the message, never into a log. */
  link: string
  code: string
  phrase: string
}) {
  const words = copy[input.language]
  const store = input.store.name
  return composeEmail({
    language: input.language,
    store: input.store,
    // Not the code: mail relays log subjects.
    subject: words.subject(store),
    parts: [
      { paragraph: words.greeting(input.name) },
      { paragraph: words.asked(store) },
      { button: words.action(store), href: input.link },
      { note: words.linkValidity },
      { paragraph: words.code(input.code) },
      { note: words.codeValidity },
      ...(input.phrase ? [{ paragraph: words.phrase(input.phrase) }] : []),
      { note: words.ignore },
    ],
  })
}
