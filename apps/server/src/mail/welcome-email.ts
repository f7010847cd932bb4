import { composeEmail } from './email-layout'
import type { MailLanguage } from './mail-language'
import type { StoreIdentity } from './store-identity'
import { storeEmailWords, storePage } from './store-email-words'

const copy = {
  es: {
    subject: (store: string) => `Gracias por tu compra: tu acceso a ${store}`,
    thanks: (product: string, store: string) =>
      `¡Gracias por comprar ${product}! Ya tienes una cuenta en el área de miembros de ${store} con este correo.`,
    choose: 'Para entrar, elige primero tu contraseña:',
    action: 'Elegir mi contraseña',
    validity:
      'El enlace es válido durante 7 días y solo se puede usar una vez. Si caduca, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
    next: 'Lo que viene después:',
    signIn: (login: string) => `Inicia sesión en ${login} con este correo y tu contraseña.`,
    withoutPassword: (login: string) =>
      `O entra sin contraseña: en ${login}, pulsa «Recibir un enlace para entrar» y te enviaremos un enlace y un código.`,
  },
  en: {
    subject: (store: string) => `Thank you for your purchase: your access to ${store}`,
    thanks: (product: string, store: string) =>
      `Thank you for buying ${product}! You now have an account in the ${store} members’ area under this email address.`,
    choose: 'To get in, first choose your password:',
    action: 'Choose my password',
    validity:
      'The link is valid for 7 days and works only once. If it expires, use “Forgot your password?” on the sign-in page.',
    next: 'What comes next:',
    signIn: (login: string) => `Sign in at ${login} with this email address and your password.`,
    withoutPassword: (login: string) =>
      `Or sign in without a password: at ${login}, choose “Get a link to sign in” and we will email you a link and a code.`,
  },
} satisfies Record<MailLanguage, unknown>

/** To a buyer new to the store: their purchase, the link to choose a password, and what comes next. */
export function welcomeEmail(input: {
  language: MailLanguage
  name: string
  /** The order's product name; empty when the provider gave none. */
  product: string
  /** The invitation to choose a password (`issueInvitationLink`): it carries a secret. */
  passwordLink: string
  origin: string
  store: StoreIdentity
}) {
  const words = copy[input.language]
  const store = storeEmailWords[input.language]
  return composeEmail({
    language: input.language,
    store: input.store,
    subject: words.subject(input.store.name),
    parts: [
      { paragraph: store.greeting(input.name) },
      { paragraph: words.thanks(input.product || store.defaultProduct, input.store.name) },
      { paragraph: words.choose },
      { button: words.action, href: input.passwordLink },
      { note: words.validity },
      { paragraph: words.next },
      {
        list: [
          words.signIn(storePage(input.origin, '/login')),
          words.withoutPassword(storePage(input.origin, '/login')),
          ...store.myPurchase,
        ],
      },
      { paragraph: `${store.help(input.store.supportEmail)} ${store.refunds}` },
    ],
  })
}
