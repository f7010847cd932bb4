import type { Config } from '../platform/config'
import { backupsFolder, listBackups } from '../operations/backups/backup-files'
import { missingForSelling, type StoreSettings } from '../selling/downloads/store-settings'
import { PRODUCT_SETTINGS } from '../selling/orders/granting-orders'
import { PROVIDER_NAMES } from '../selling/orders/order-event'

export type ReadinessStatus = 'ok' | 'missing' | 'info'

/** One line of the console's Settings page: never a secret, only whether it is set and what is missing. */
export interface ReadinessItem {
  key: string
  status: ReadinessStatus
  /** A value safe to show (an origin, an address, a file), or what is missing and what it means. */
  detail: string
}

type ReadinessConfig = Pick<
  Config,
  'publicOrigin' | 'checkoutUrl' | 'supportEmail' | 'webhookSecrets' | 'productIds' | 'smtpUrl' | 'dataDir'
>

/** The SMTP server's address without its user or password. */
function smtpServer(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return 'SMTP_URL is set'
  }
}

/**
 * What the store has and lacks for going live (issue 13's Settings page, read-only): the address buyers
 * use, checkout, payment webhooks, email, backups, the download and the bonuses (decision 040).
 */
export async function storeReadiness(options: {
  config: ReadinessConfig
  settings: StoreSettings
  embedded: boolean
}): Promise<{ items: ReadinessItem[]; readyToSell: boolean }> {
  const { config, settings, embedded } = options
  const items: ReadinessItem[] = []
  const add = (key: string, status: ReadinessStatus, detail: string) => items.push({ key, status, detail })

  if (!config.publicOrigin)
    add(
      'PUBLIC_ORIGIN',
      'missing',
      'Not set: password links and invitations are refused on a network address.',
    )
  else if (!config.publicOrigin.startsWith('https:'))
    add('PUBLIC_ORIGIN', 'missing', `${config.publicOrigin}: buyers should reach the store over https.`)
  else add('PUBLIC_ORIGIN', 'ok', config.publicOrigin)

  if (config.checkoutUrl) add('CHECKOUT_URL', 'ok', config.checkoutUrl)
  else add('CHECKOUT_URL', 'missing', 'Not set: the buy buttons say that checkout is not configured.')

  if (config.supportEmail) add('SUPPORT_EMAIL', 'ok', config.supportEmail)
  else add('SUPPORT_EMAIL', 'missing', 'Not set: the information pages name soporte@localhost.')

  const providers = Object.entries(config.webhookSecrets).filter(([, secret]) => Boolean(secret))
  if (providers.length > 0)
    add('payments', 'ok', `Webhooks configured: ${providers.map(([name]) => name).join(', ')}.`)
  else
    add(
      'payments',
      'missing',
      'No payment webhook (STRIPE_WEBHOOK_SECRET, HOTMART_HOTTOK, LEMONSQUEEZY_WEBHOOK_SECRET): buyers get no access until an order is granted.',
    )

  // What grants access, per provider (decision 057): missing where the webhook is on, since any paid
  // order on the account (another product, a free one) then makes a member.
  for (const provider of PROVIDER_NAMES) {
    const ids = config.productIds[provider]
    const key = PRODUCT_SETTINGS[provider]
    if (ids) add(key, 'ok', ids.join(', '))
    else if (config.webhookSecrets[provider])
      add(key, 'missing', `Not set: every paid ${provider} order on the account grants access.`)
    else add(key, 'info', `Not set: every paid ${provider} order would grant access once its webhook is on.`)
  }

  if (config.smtpUrl) add('SMTP_URL', 'ok', smtpServer(config.smtpUrl))
  else
    add(
      'SMTP_URL',
      'missing',
      'Not set: emails are written to the mail folder in DATA_DIR, not sent, so no member gets a password link or a sign-in link or code.',
    )

  // The weekly "what's new" email (decision 064) goes through the same server.
  if (config.smtpUrl)
    add(
      'news-email',
      'ok',
      'Sent through SMTP_URL once a week when projects were added, to members who want it.',
    )
  else
    add(
      'news-email',
      'info',
      'Not sent: without SMTP_URL the weekly what’s new email is written to the mail folder in DATA_DIR; no member gets it.',
    )

  if (embedded) {
    const daily = await listBackups(backupsFolder(config.dataDir), 'daily')
    const last = daily.at(-1)
    add(
      'backups',
      'ok',
      last ? `Daily, the last 7 kept; latest: ${last}` : 'Daily, the last 7 kept; none made yet.',
    )
  } else add('backups', 'info', 'On PostgreSQL the database server’s own backups apply (pg_dump).')

  const inForce = await settings.inForce()
  for (const setting of inForce) if (setting.value !== null) add(setting.key, 'ok', setting.value)
  for (const line of await missingForSelling(inForce)) {
    const key = line.slice(0, line.indexOf(':'))
    const existing = items.findIndex((item) => item.key === key)
    const item: ReadinessItem = { key, status: 'missing', detail: line.slice(key.length + 2) }
    if (existing === -1) items.push(item)
    else items[existing] = item
  }
  return { items, readyToSell: items.every((item) => item.status !== 'missing') }
}
