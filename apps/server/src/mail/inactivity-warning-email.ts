import { composeEmail } from './email-layout'
import type { MailLanguage } from './mail-language'
import type { StoreIdentity } from './store-identity'
import { storeEmailWords, storePage } from './store-email-words'

/** How long before the block the warning goes out (issue 11: "emails them 30 days before"). */
export const INACTIVITY_WARNING_DAYS = 30

const copy = {
  es: {
    subject: (store: string) => `Tu cuenta de ${store} se bloqueará en ${INACTIVITY_WARNING_DAYS} días`,
    inactive: (store: string) =>
      `Tu cuenta de ${store} lleva mucho tiempo sin actividad. Según nuestras condiciones, las cuentas sin actividad durante más de un año se bloquean, y reactivarlas cuesta $30 USD.`,
    warning: `Tu cuenta se bloqueará dentro de ${INACTIVITY_WARNING_DAYS} días. Para conservarla basta con que inicies sesión una vez antes:`,
    forgot:
      'Si no recuerdas tu contraseña, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
  },
  en: {
    subject: (store: string) => `Your ${store} account will be blocked in ${INACTIVITY_WARNING_DAYS} days`,
    inactive: (store: string) =>
      `Your ${store} account has had no activity for a long time. Under our terms, accounts inactive for more than one year are blocked, and reactivating them costs $30 USD.`,
    warning: `Your account will be blocked in ${INACTIVITY_WARNING_DAYS} days. To keep it, just sign in once before then:`,
    forgot: 'If you do not remember your password, use “Forgot your password?” on the sign-in page.',
  },
} satisfies Record<MailLanguage, unknown>

/** To a member about to be blocked for inactivity: signing in once keeps the account. */
export function inactivityWarningEmail(input: {
  language: MailLanguage
  name: string
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
      { paragraph: words.inactive(input.store.name) },
      { paragraph: words.warning },
      { button: store.signIn, href: storePage(input.origin, '/login') },
      { note: words.forgot },
      { paragraph: store.help(input.store.supportEmail) },
    ],
  })
}
