import type { Config } from '../platform/config'
import type { AccountEmailCeiling } from '../members/account/account-email-limits'
import { backupsFolder, listBackups } from '../operations/backups/backup-files'
import type { ReadinessItem, ReadinessState, ReadinessStatus } from '@pg/shared/readiness'
import type { DownloadFileProblem } from '../selling/downloads/download-file'
import { sellingGapLine, sellingGaps, type StoreSettings } from '../selling/downloads/store-settings'
import { PRODUCT_SETTINGS } from '../selling/orders/granting-orders'
import { PROVIDER_NAMES } from '../selling/orders/order-event'
import type { OffsiteBackups } from '../operations/offsite-backups/offsite-backups'
import { NO_KEY } from '../operations/offsite-backups/upload-failures'

export type { ReadinessItem, ReadinessStatus }

const FILE_PROBLEM_STATES = {
  missing: 'fileMissing',
  not_a_file: 'fileNotAFile',
  unreadable: 'fileUnreadable',
} as const satisfies Record<DownloadFileProblem, string>

type ReadinessConfig = Pick<
  Config,
  | 'publicOrigin'
  | 'checkoutUrl'
  | 'supportEmail'
  | 'webhookSecrets'
  | 'productIds'
  | 'smtpUrl'
  | 'dataDir'
  | 'adminMfa'
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
  accountEmailCeiling: Pick<AccountEmailCeiling, 'state'>
  /** Unset (a test of other lines): off-site backups read as not set. */
  offsiteBackups?: OffsiteBackups
  /** The emails of the enabled admins without two-step verification (issue 43). */
  adminsWithoutMfa?: () => Promise<string[]>
  /** The webhook endpoints (issue 44): the line says which the store turned off and which fail. */
  webhookEndpoints?: () => Promise<
    { url: string; enabled: boolean; disabledReason: string | null; failingSince: string | null }[]
  >
}): Promise<{ items: ReadinessItem[]; readyToSell: boolean }> {
  const { config, settings, embedded } = options
  const items: ReadinessItem[] = []
  /**
   * A line: its English sentence (the admin CLI's), the value safe to show, and what it means for the
   * console to say in its language (decision 066).
   */
  const add = (
    key: string,
    status: ReadinessStatus,
    detail: string,
    meaning: { value?: string; state?: ReadinessState } = {},
  ) => items.push({ key, status, detail, value: meaning.value ?? null, state: meaning.state ?? null })
  const notSet = { state: { text: 'notSet' } } as const

  if (!config.publicOrigin)
    add(
      'PUBLIC_ORIGIN',
      'missing',
      'Not set: password links and invitations are refused on a network address.',
      notSet,
    )
  else if (!config.publicOrigin.startsWith('https:'))
    add('PUBLIC_ORIGIN', 'missing', `${config.publicOrigin}: buyers should reach the store over https.`, {
      value: config.publicOrigin,
      state: { text: 'notHttps' },
    })
  else add('PUBLIC_ORIGIN', 'ok', config.publicOrigin, { value: config.publicOrigin })

  if (config.checkoutUrl) add('CHECKOUT_URL', 'ok', config.checkoutUrl, { value: config.checkoutUrl })
  else add('CHECKOUT_URL', 'missing', 'Not set: the buy buttons say that checkout is not configured.', notSet)

  if (config.supportEmail) add('SUPPORT_EMAIL', 'ok', config.supportEmail, { value: config.supportEmail })
  else add('SUPPORT_EMAIL', 'missing', 'Not set: the information pages name soporte@localhost.', notSet)

  const providers = Object.entries(config.webhookSecrets).filter(([, secret]) => Boolean(secret))
  const providerNames = providers.map(([name]) => name)
  if (providers.length > 0)
    add('payments', 'ok', `Webhooks configured: ${providerNames.join(', ')}.`, {
      state: { text: 'paymentsOk', providers: providerNames },
    })
  else
    add(
      'payments',
      'missing',
      'No payment webhook (STRIPE_WEBHOOK_SECRET, HOTMART_HOTTOK, LEMONSQUEEZY_WEBHOOK_SECRET): buyers get no access until an order is granted.',
      notSet,
    )

  // What grants access, per provider (decision 057): missing where the webhook is on, since any paid
  // order on the account (another product, a free one) then makes a member.
  for (const provider of PROVIDER_NAMES) {
    const ids = config.productIds[provider]
    const key = PRODUCT_SETTINGS[provider]
    if (ids) add(key, 'ok', ids.join(', '), { value: ids.join(', ') })
    else if (config.webhookSecrets[provider])
      add(key, 'missing', `Not set: every paid ${provider} order on the account grants access.`, notSet)
    else
      add(key, 'info', `Not set: every paid ${provider} order would grant access once its webhook is on.`, {
        state: { text: 'productsWebhookOff' },
      })
  }

  if (config.smtpUrl) add('SMTP_URL', 'ok', smtpServer(config.smtpUrl), { value: smtpServer(config.smtpUrl) })
  else
    add(
      'SMTP_URL',
      'missing',
      'Not set: emails are written to the mail folder in DATA_DIR, not sent, so no member gets a password link or a sign-in link or code.',
      notSet,
    )

  // The weekly "what's new" email (decision 064) goes through the same server.
  if (config.smtpUrl)
    add(
      'news-email',
      'ok',
      'Sent through SMTP_URL once a week when projects were added, to members who want it.',
      { state: { text: 'newsEmailOk' } },
    )
  else
    add(
      'news-email',
      'info',
      'Not sent: without SMTP_URL the weekly what’s new email is written to the mail folder in DATA_DIR; no member gets it.',
      { state: { text: 'newsEmailNoSmtp' } },
    )

  // Emails held back by the store's hourly ceiling in the last day (issue 40): members asked for a
  // sign-in or recovery email and got none, or someone is making the store send them.
  const ceiling = await options.accountEmailCeiling.state()
  if (ceiling.held > 0 && ceiling.heldSince)
    add(
      'ACCOUNT_EMAILS_PER_HOUR',
      'missing',
      `${ceiling.held} sign-in and recovery emails not sent since ${ceiling.heldSince.toISOString()}: more than ${ceiling.perHour} were asked for in an hour. If members did not ask for them, someone is making the store send them; raise ACCOUNT_EMAILS_PER_HOUR only if they are real.`,
      {
        value: String(ceiling.perHour),
        state: {
          text: 'accountEmailsHeld',
          perHour: ceiling.perHour,
          held: ceiling.held,
          since: ceiling.heldSince.toISOString(),
        },
      },
    )
  else
    add(
      'ACCOUNT_EMAILS_PER_HOUR',
      'ok',
      `At most ${ceiling.perHour} sign-in and recovery emails an hour; none held back in the last day.`,
      { value: String(ceiling.perHour), state: { text: 'accountEmailsOk', perHour: ceiling.perHour } },
    )

  const offsite = options.offsiteBackups
  if (embedded || offsite?.configured) {
    const daily = await listBackups(backupsFolder(config.dataDir), 'daily')
    const last = daily.at(-1)
    if (last)
      add('backups', 'ok', `Daily, the last 7 kept; latest: ${last}`, {
        state: { text: 'backupsLatest', file: last },
      })
    else add('backups', 'ok', 'Daily, the last 7 kept; none made yet.', { state: { text: 'backupsNoneYet' } })
  } else
    add(
      'backups',
      'info',
      'On PostgreSQL the store makes daily backups when off-site backups are set (BACKUP_S3_*); else the database server’s own backups apply (pg_dump).',
      { state: { text: 'backupsPostgres' } },
    )
  await addOffsiteLine(add, offsite)

  // Admins without a second factor (issue 43): a phished password is the whole store.
  const withoutMfa = (await options.adminsWithoutMfa?.()) ?? []
  const required = config.adminMfa === 'required'
  if (withoutMfa.length > 0)
    add(
      'ADMIN_MFA',
      'missing',
      `Admins without two-step verification: ${withoutMfa.join(', ')}. ${required ? 'They reach only its enrolment page in the console.' : 'Ask them to turn it on in My account, or set ADMIN_MFA=required.'}`,
      { value: withoutMfa.join(', '), state: { text: 'adminsWithoutMfa', admins: withoutMfa, required } },
    )
  else
    add('ADMIN_MFA', 'ok', `Every admin has two-step verification${required ? ' (required)' : ''}.`, {
      state: { text: 'adminsMfaOk', required },
    })

  // Webhook endpoints the store turned off after 3 days of failures (issue 44): said until turned on.
  const endpoints = (await options.webhookEndpoints?.()) ?? []
  const off = endpoints
    .filter((endpoint) => endpoint.disabledReason === 'failing')
    .map((endpoint) => endpoint.url)
  const failing = endpoints
    .filter((endpoint) => endpoint.enabled && endpoint.failingSince !== null)
    .map((endpoint) => endpoint.url)
  if (off.length > 0)
    add(
      'webhooks',
      'missing',
      `Turned off after failing for 3 days: ${off.join(', ')}. Fix the receiver, then turn them on again in Automations.`,
      { value: off.join(', '), state: { text: 'webhooksOff', urls: off } },
    )
  else if (failing.length > 0)
    add('webhooks', 'missing', `Failing now (retried for 3 days, then turned off): ${failing.join(', ')}.`, {
      value: failing.join(', '),
      state: { text: 'webhooksFailing', urls: failing },
    })
  else if (endpoints.length > 0)
    add('webhooks', 'ok', `${endpoints.length} webhook endpoint(s), answering.`, {
      state: { text: 'webhooksOk', count: endpoints.length },
    })

  const inForce = await settings.inForce()
  for (const setting of inForce)
    if (setting.value !== null) add(setting.key, 'ok', setting.value, { value: setting.value })
  for (const gap of await sellingGaps(inForce)) {
    const existing = items.findIndex((item) => item.key === gap.key)
    const item: ReadinessItem = {
      key: gap.key,
      status: 'missing',
      detail: sellingGapLine(gap),
      value: gap.file,
      state: gap.problem === null ? { text: 'notSet' } : { text: FILE_PROBLEM_STATES[gap.problem] },
    }
    if (existing === -1) items.push(item)
    else items[existing] = item
  }
  return { items, readyToSell: items.every((item) => item.status !== 'missing') }
}

/** The off-site backups' line (issue 42): not set, no key, none yet, the latest, or failing and why. */
async function addOffsiteLine(
  add: (
    key: string,
    status: ReadinessStatus,
    detail: string,
    meaning: { value?: string; state?: ReadinessState },
  ) => void,
  offsite: OffsiteBackups | undefined,
): Promise<void> {
  if (!offsite?.configured) {
    add(
      'offsite-backups',
      'info',
      'Not set: the backups stay on this server only, and are lost with it. Set BACKUP_S3_BUCKET and BACKUP_PASSPHRASE (README: Off-site backups).',
      { state: { text: 'offsiteNotSet' } },
    )
    return
  }
  const status = await offsite.status()
  const destination = status.destination ?? ''
  if (status.problem) {
    add('offsite-backups', 'missing', NO_KEY.detail, { value: destination, state: { text: 'offsiteNoKey' } })
    return
  }
  if (status.lastError) {
    add(
      'offsite-backups',
      'missing',
      `${status.lastError.detail} (${status.lastError.attempts} attempt${status.lastError.attempts === 1 ? '' : 's'}; ${status.lastError.nextAttemptAt ? `next at ${status.lastError.nextAttemptAt}` : 'not retried'})`,
      {
        value: destination,
        state: {
          text: 'offsiteFailing',
          reason: status.lastError.reason,
          attempts: status.lastError.attempts,
          since: status.lastError.at,
        },
      },
    )
    return
  }
  if (status.lastOffsite)
    add(
      'offsite-backups',
      'ok',
      `Uploaded, encrypted, to ${destination}; latest: ${status.lastOffsite.name}`,
      {
        value: destination,
        state: {
          text: 'offsiteLatest',
          destination,
          name: status.lastOffsite.name,
          at: status.lastOffsite.uploadedAt,
        },
      },
    )
  else
    add('offsite-backups', 'ok', `Set: ${destination}; nothing uploaded yet.`, {
      value: destination,
      state: { text: 'offsiteNoneYet', destination },
    })
}
