import { ANALYTICS_LIMITS } from '@pg/shared/analytics'
import { AppwriteError } from '../platform/appwrite/errors'
import type { Database, DatabaseHandle } from '../platform/db/client'
import { said } from '../platform/error-messages/error-message'
import { lockOwnCampaigns, readOwnCampaigns, saveOwnCampaigns } from './own-campaigns-repository'
import { keptText } from './visit-beacon'

/** The metrics whose key is a campaign: an owner's campaign is counted by name in each. */
const CAMPAIGN_METRICS: ReadonlySet<string> = new Set(['campaign_view', 'campaign_buy', 'first_sign_in'])

/**
 * The campaigns a buy link names (decision 071): its `utm_campaign`, and the payment provider's
 * pass-through parameter the storefront fills with the visit's campaign (decision 065: Stripe's
 * `client_reference_id`, Hotmart's `sck`, Lemon Squeezy's `checkout[custom][campaign]`), which an order
 * carries back when the visit had none. Kept as a beacon's campaign is kept, so that they compare equal.
 */
export function checkoutCampaigns(checkoutUrl: string | undefined): string[] {
  if (checkoutUrl === undefined) return []
  let url: URL
  try {
    url = new URL(checkoutUrl)
  } catch {
    return []
  }
  const names = ['utm_campaign', 'client_reference_id', 'sck', 'checkout[custom][campaign]'].flatMap((name) =>
    url.searchParams.getAll(name).flatMap((value) => keptText(value) ?? []),
  )
  return [...new Set(names)]
}

/**
 * The owner's own campaigns, always counted by name (decision 071): those on the buy link (CHECKOUT_URL)
 * and those named in the console or with the CLI (`store_settings`). Held in memory and read again before
 * each write of the counts (daily-counts.ts), so a change made by another instance or the CLI applies
 * from the next write; a change made here applies at once.
 */
export function createOwnCampaigns(options: {
  database: DatabaseHandle
  checkoutUrl: string | undefined
  onError: (error: unknown) => void
}) {
  const checkout = checkoutCampaigns(options.checkoutUrl)
  let owned: ReadonlySet<string> = new Set(checkout)
  /** Goes up at each change made here: a read begun before it is not applied over it. */
  let version = 0
  let reading: Promise<void> | null = null

  const changed = (named: readonly string[]) => {
    version += 1
    owned = new Set([...checkout, ...named])
  }

  /** Reads the named ones again; while the database cannot say, the last ones read stand. */
  function refresh(): Promise<void> {
    const asked = version
    reading ??= readOwnCampaigns(options.database.db)
      .then((named) => {
        if (version === asked) owned = new Set([...checkout, ...named])
      }, options.onError)
      .finally(() => (reading = null))
    return reading
  }
  void refresh()

  return {
    /** The buy link's campaigns (not removable in the console: they change with CHECKOUT_URL). */
    checkout: checkout as readonly string[],
    /** For the daily counts: a campaign metric's key that is an owner's campaign. */
    kept: {
      has: (metric: string, key: string) => CAMPAIGN_METRICS.has(metric) && owned.has(key),
      refresh,
    },
    /** This process changed them (console): the new list applies at once. */
    changed,
  }
}

export type OwnCampaigns = ReturnType<typeof createOwnCampaigns>

/**
 * Adds or removes one of the owner's campaigns, in one transaction with `audit` (the console's audit
 * event; the CLI's is written by the command runner). Refusals are the owner's to read: a name already
 * counted (409), the list full (400), a name not in it (404), one of the buy link's (400).
 */
export async function changeOwnCampaign(
  db: Database,
  change: { action: 'add' | 'remove'; campaign: string },
  options: { checkout: readonly string[]; at: Date; audit?: (tx: Database) => Promise<void> },
): Promise<string[]> {
  const { campaign } = change
  return db.transaction(async (tx) => {
    const names = await lockOwnCampaigns(tx, options.at)
    let next: string[]
    if (change.action === 'add') {
      if (options.checkout.includes(campaign))
        throw new AppwriteError('document_already_exists', said('ownCampaignOnCheckout', { campaign }))
      if (names.includes(campaign))
        throw new AppwriteError('document_already_exists', said('ownCampaignExists', { campaign }))
      if (names.length >= ANALYTICS_LIMITS.ownCampaigns)
        throw new AppwriteError(
          'general_argument_invalid',
          said('ownCampaignsFull', { limit: ANALYTICS_LIMITS.ownCampaigns }),
        )
      next = [...names, campaign]
    } else {
      if (!names.includes(campaign)) {
        if (options.checkout.includes(campaign))
          throw new AppwriteError('general_argument_invalid', said('ownCampaignFromCheckout', { campaign }))
        throw new AppwriteError('document_not_found', said('ownCampaignNotFound', { campaign }))
      }
      next = names.filter((name) => name !== campaign)
    }
    await saveOwnCampaigns(tx, next, options.at)
    await options.audit?.(tx)
    return next
  })
}
