import type { ReadinessState } from '@pg/shared/readiness'
import type { ReadinessItem } from '../api/settings-api'

/** The settings the page names and explains in the page's language, by the server's key. */
export const KNOWN_SETTINGS = {
  PUBLIC_ORIGIN: 'publicOrigin',
  CHECKOUT_URL: 'checkoutUrl',
  SUPPORT_EMAIL: 'supportEmail',
  payments: 'payments',
  STRIPE_PAYMENT_LINK_IDS: 'stripeProducts',
  HOTMART_PRODUCT_IDS: 'hotmartProducts',
  LEMONSQUEEZY_PRODUCT_IDS: 'lemonsqueezyProducts',
  SMTP_URL: 'smtpUrl',
  backups: 'backups',
  'offsite-backups': 'offsiteBackups',
  ADMIN_MFA: 'adminMfa',
  'download-file': 'downloadFile',
  'bonus-1-url': 'bonus1Url',
  'bonus-2-url': 'bonus2Url',
  'download-limit': 'downloadLimit',
  'news-email': 'newsEmail',
  ACCOUNT_EMAILS_PER_HOUR: 'accountEmails',
  webhooks: 'webhooks',
} as const
export type SettingId = (typeof KNOWN_SETTINGS)[keyof typeof KNOWN_SETTINGS]

/** What the page says about a setting's state, in its own words (`consoleSettings.states.*`). */
export type SettingState = ReadinessState

/**
 * A line of the Settings page: the setting (known or not), a value safe to show (an origin, an address,
 * a file), and what its state means, which the server sends as a code (decision 066) for the page to
 * say in its language. A line without one that is not a plain value is shown as the server wrote it
 * (`serverText`, in English): a setting newer than this page.
 */
export interface SettingLine {
  key: string
  id: SettingId | null
  status: ReadinessItem['status']
  value: string | null
  state: SettingState | null
  serverText: string | null
}

const isKnown = (key: string): key is keyof typeof KNOWN_SETTINGS => Object.hasOwn(KNOWN_SETTINGS, key)

export function settingLine(item: ReadinessItem): SettingLine {
  const id = isKnown(item.key) ? KNOWN_SETTINGS[item.key] : null
  const { value, state } = item
  const said = id !== null && (state !== null || value !== null)
  return {
    key: item.key,
    id,
    status: item.status,
    value: said ? value : item.status === 'ok' ? item.detail : null,
    state: said ? state : null,
    serverText: said || item.status === 'ok' ? null : item.detail,
  }
}
