import { composeEmail } from './email-layout'
import type { MailLanguage } from './mail-language'
import type { StoreIdentity } from './store-identity'
import { storeEmailWords, storePage } from './store-email-words'

const copy = {
  es: {
    subject: (store: string) => `Tu compra en ${store}`,
    recorded: (product: string, store: string) =>
      `¡Gracias por comprar ${product}! La compra ya está registrada en tu cuenta de ${store}. Tu contraseña no ha cambiado: entra con la de siempre.`,
    forgot: (page: string) => `¿No la recuerdas? Pide un enlace para elegir otra en ${page}.`,
  },
  en: {
    subject: (store: string) => `Your ${store} purchase`,
    recorded: (product: string, store: string) =>
      `Thank you for buying ${product}! The purchase is now recorded in your ${store} account. Your password has not changed: sign in with the one you have.`,
    forgot: (page: string) => `Forgot it? Ask for a link to choose a new one at ${page}.`,
  },
} satisfies Record<MailLanguage, unknown>

/** To a member who bought again: the purchase is theirs, nothing about their account changed. */
export function purchaseEmail(input: {
  language: MailLanguage
  name: string
  /** The order's product name; empty when the provider gave none. */
  product: string
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
      { paragraph: words.recorded(input.product || store.defaultProduct, input.store.name) },
      { button: store.signIn, href: storePage(input.origin, '/login') },
      { note: words.forgot(storePage(input.origin, '/forgot-password')) },
      { list: store.myPurchase },
      { paragraph: `${store.help(input.store.supportEmail)} ${store.refunds}` },
    ],
  })
}
