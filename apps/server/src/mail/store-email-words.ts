import { DOWNLOAD_VALID_DAYS } from '@pg/shared/purchase'
import type { MailLanguage } from './mail-language'

/** What the store's emails to buyers and members say alike, in each language. */
interface Words {
  greeting: (name: string) => string
  /** What was bought, when the payment provider did not name it. */
  defaultProduct: string
  /** Where the download and the bonuses wait: the "My purchase" part of the dashboard. */
  myPurchase: string[]
  signIn: string
  help: (supportEmail: string) => string
  refunds: string
}

export const storeEmailWords: Record<MailLanguage, Words> = {
  es: {
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    defaultProduct: 'Pack de 700+ apps de IA',
    myPurchase: [
      `En tu panel, «Mi compra» tiene la descarga del pack, disponible durante ${DOWNLOAD_VALID_DAYS} días desde la compra: descárgalo y guarda tu copia a tiempo.`,
      'Allí tienes también tus dos bonos: Bono 1, el curso de automatización con n8n, y Bono 2, el programa máster en inteligencia artificial.',
    ],
    signIn: 'Iniciar sesión',
    help: (supportEmail) => `¿Necesitas ayuda? Escríbenos a ${supportEmail}.`,
    refunds: 'Los reembolsos se solicitan en las 48 horas siguientes a la compra.',
  },
  en: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    defaultProduct: 'Pack of 700+ AI apps',
    myPurchase: [
      `On your dashboard, “My purchase” has the bundle download, available for ${DOWNLOAD_VALID_DAYS} days after the purchase: download it and keep your copy in time.`,
      'Your two bonuses are there too: Bonus 1, the n8n automation course, and Bonus 2, the AI master programme.',
    ],
    signIn: 'Sign in',
    help: (supportEmail) => `Need help? Write to us at ${supportEmail}.`,
    refunds: 'Refunds can be requested within 48 hours of the purchase.',
  },
}

/** The store's page at `path`, on the store's own origin (decision 011). */
export const storePage = (origin: string, path: string) => new URL(path, origin).toString()
