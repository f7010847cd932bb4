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
  'download-file': 'downloadFile',
  'bonus-1-url': 'bonus1Url',
  'bonus-2-url': 'bonus2Url',
  'download-limit': 'downloadLimit',
  'news-email': 'newsEmail',
} as const
export type SettingId = (typeof KNOWN_SETTINGS)[keyof typeof KNOWN_SETTINGS]

/** What the page says about a setting's state, in its own words (`consoleSettings.states.*`). */
export type SettingState =
  | { text: 'notSet' }
  | { text: 'productsWebhookOff' }
  | { text: 'notHttps' }
  | { text: 'paymentsOk'; providers: string[] }
  | { text: 'backupsLatest'; file: string }
  | { text: 'backupsNoneYet' }
  | { text: 'backupsPostgres' }
  | { text: 'fileMissing' }
  | { text: 'fileNotAFile' }
  | { text: 'fileUnreadable' }
  | { text: 'newsEmailOk' }
  | { text: 'newsEmailNoSmtp' }

/**
 * A line of the Settings page: the setting (known or not), a value safe to show (an origin, an address,
 * a file), and what its state means. The server's sentences are English (decision 040): those the page
 * knows are said again in the page's language; any other is shown as it came (`serverText`).
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

const FILE_PROBLEMS: Record<string, SettingState> = {
  'no such file': { text: 'fileMissing' },
  'not a regular file': { text: 'fileNotAFile' },
  'not readable by the store’s user': { text: 'fileUnreadable' },
}

/** "value: explanation" (a value never holds ": ", a URL's colons are not followed by a space). */
function valueAndReason(detail: string): [string, string] | null {
  const at = detail.lastIndexOf(': ')
  return at > 0 ? [detail.slice(0, at), detail.slice(at + 2)] : null
}

const PRODUCT_SETTINGS: readonly SettingId[] = ['stripeProducts', 'hotmartProducts', 'lemonsqueezyProducts']

function read(id: SettingId, item: ReadinessItem): Pick<SettingLine, 'value' | 'state'> | null {
  const { status, detail } = item
  // The weekly email (decision 064): sent through SMTP, or only written to the mail folder.
  if (id === 'newsEmail')
    return { value: null, state: { text: status === 'ok' ? 'newsEmailOk' : 'newsEmailNoSmtp' } }
  // Unset, the products say that every paid order grants access: a gap where the webhook is on
  // (missing), a note where it is off (decision 057).
  if (PRODUCT_SETTINGS.includes(id) && status !== 'ok' && /^Not set\b/.test(detail))
    return { value: null, state: { text: status === 'missing' ? 'notSet' : 'productsWebhookOff' } }
  if (id === 'payments') {
    if (status !== 'ok') return { value: null, state: { text: 'notSet' } }
    const named = /:\s*(.+?)\.?$/.exec(detail)?.[1]
    const providers = named
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean)
    return providers?.length ? { value: null, state: { text: 'paymentsOk', providers } } : null
  }
  if (id === 'backups') {
    if (status === 'info') return { value: null, state: { text: 'backupsPostgres' } }
    if (/none made yet/.test(detail)) return { value: null, state: { text: 'backupsNoneYet' } }
    const file = /latest:\s*(\S+)\s*$/.exec(detail)?.[1]
    return file ? { value: null, state: { text: 'backupsLatest', file } } : null
  }
  if (status !== 'missing') return { value: detail, state: null }
  if (/^Not set\b|^no (file|link)\b/.test(detail)) return { value: null, state: { text: 'notSet' } }
  const parts = valueAndReason(detail)
  if (id === 'publicOrigin' && parts && /^https?:/.test(parts[0]))
    return { value: parts[0], state: { text: 'notHttps' } }
  if (id === 'downloadFile' && parts) {
    const state = FILE_PROBLEMS[parts[1]]
    if (state) return { value: parts[0], state }
  }
  return null
}

export function settingLine(item: ReadinessItem): SettingLine {
  const id = isKnown(item.key) ? KNOWN_SETTINGS[item.key] : null
  const known = id ? read(id, item) : null
  if (known) return { key: item.key, id, status: item.status, serverText: null, ...known }
  // A setting or a sentence the page does not know: a value shown as it is, a sentence in English.
  const value = item.status === 'ok' && id !== 'payments' && id !== 'backups' ? item.detail : null
  return {
    key: item.key,
    id,
    status: item.status,
    value,
    state: null,
    serverText: value === null ? item.detail : null,
  }
}
