import type { FastifyRequest } from 'fastify'
import { sql } from 'drizzle-orm'
import { ANALYTICS_LIMITS, type MemberEvent, type VisitBeacon } from '@pg/shared/analytics'
import type { DatabaseHandle } from '../platform/db/client'
import { clientAddressKey } from '../platform/security/client-address'
import { readStoreKey } from '../platform/security/store-keys'
import { createActiveMembers } from './active-members'
import { createBeaconRate, type BeaconRateLimits } from './beacon-rate'
import { createBuyClicks } from './buy-clicks'
import { createDailyCounts, DAILY_COUNTS_LIMITS, type DailyCountsLimits, utcDay } from './daily-counts'
import { readDayKeys } from './daily-counts-repository'
import { createDaySalts } from './day-salts'
import { createNewKeys, type NewKeysLimits, VISITOR_KEYED_METRICS, type VisitorKeyedMetric } from './new-keys'
import { createOwnCampaigns } from './own-campaigns'
import { PAID_STATUSES } from './paid-orders'
import { countedVisit, ownHostOf } from './visit-beacon'
import { createVisitorEstimate } from './visitor-estimate'

export type AnalyticsLimits = DailyCountsLimits &
  BeaconRateLimits &
  NewKeysLimits & {
    /** Visitors' hashes kept per day (decision 065). */
    visitorsPerDay: number
    /** Members remembered as active this week, in memory. */
    membersPerWeek: number
  }

export const ANALYTICS_LIMITS_HERE: AnalyticsLimits = {
  ...DAILY_COUNTS_LIMITS,
  keysPerMetricAndDay: ANALYTICS_LIMITS.keysPerMetricAndDay,
  newKeysPerAddressAndDay: ANALYTICS_LIMITS.newKeysPerAddressAndDay,
  visitorsPerDay: ANALYTICS_LIMITS.visitorsPerDay,
  perAddressPerMinute: 60,
  addresses: 10_000,
  membersPerWeek: 100_000,
}

/** A buy click until a write finds its visitor among the day's (buy-clicks.ts). */
interface BuyClick {
  path: string
  campaign: string | null
  /** The client address's key (clientAddressKey), which its campaign's new key is charged to. */
  address: string
}

/**
 * The store's own analytics (issue 33, decision 065): every count is a few lookups in memory on the
 * request's path, written every few seconds by the counters below; nothing names a visitor or a member.
 */
export function createStoreAnalytics(options: {
  database: DatabaseHandle
  limits?: Partial<AnalyticsLimits>
  /** The store's own origin (PUBLIC_ORIGIN): a referrer there is not another site. */
  pageOrigin: () => string
  /** CHECKOUT_URL: the campaigns it names are the owner's (decision 071). */
  checkoutUrl?: string
  now?: () => Date
  onError: (error: unknown) => void
}) {
  const { database, onError } = options
  const limits = { ...ANALYTICS_LIMITS_HERE, ...options.limits }
  const now = options.now ?? (() => new Date())
  const ownCampaigns = createOwnCampaigns({ database, checkoutUrl: options.checkoutUrl, onError })
  const counts = createDailyCounts({ database, limits, now, kept: ownCampaigns.kept, onError })
  const newKeys = createNewKeys({
    limits,
    now,
    readDayKeys: (day) => readDayKeys(database, day, VISITOR_KEYED_METRICS, limits.keysPerMetricAndDay),
    onError,
  })
  /** The key a visitor's beacon counts under: an owner's campaign by name, else within the address's bound. */
  const keyOf = (address: string, metric: VisitorKeyedMetric, key: string) =>
    ownCampaigns.kept.has(metric, key) ? key : newKeys.keyFor(address, metric, key)
  const salts = createDaySalts(database, now)
  const visitors = createVisitorEstimate({ database, limits, salts, now, onError })
  const buyClicks = createBuyClicks<BuyClick>({
    database,
    limits,
    salts,
    now,
    writeViews: () => visitors.flush(),
    counted: (click, day) => {
      counts.add('buy', click.path, 1, day)
      if (click.campaign)
        counts.add('campaign_buy', keyOf(click.address, 'campaign_buy', click.campaign), 1, day)
    },
    onError,
  })
  let membersKey: Promise<Buffer> | undefined
  const activeMembers = createActiveMembers({
    database,
    limits,
    // Read once; a failed read (the database away) is tried again by the next write.
    key: () =>
      (membersKey ??= readStoreKey(database.db, 'analytics-members').catch((error: unknown) => {
        membersKey = undefined
        throw error
      })),
    now,
    onError,
  })
  const rate = createBeaconRate(limits, () => now().getTime())
  /** In this order: views, then the clicks they allow, then the counts (clicks' counts among them). */
  const counters = [visitors, buyClicks, counts, activeMembers]
  const inTurn = async (each: (counter: (typeof counters)[number]) => Promise<void>) => {
    for (const counter of counters) await each(counter)
  }
  /** First sign-ins whose order's campaign is being read: a flush waits for them. */
  const lookingUp = new Set<Promise<void>>()

  return {
    /** The day's bound of visitors (the report says which days reached it). */
    visitorsPerDay: limits.visitorsPerDay,
    /** The owner's own campaigns, always counted by name (decision 071). */
    ownCampaigns,
    /**
     * A storefront beacon: counted when it may be (visit-beacon.ts) and its address is within its rate;
     * a key new to the day within the address's bound (new-keys.ts); a buy click once a write finds its
     * visitor's page view of the day (buy-clicks.ts).
     */
    visit(request: FastifyRequest, beacon: VisitBeacon): void {
      const visit = countedVisit(beacon, request.headers, [
        ownHostOf(request.hostname),
        ownHostOf(options.pageOrigin()),
      ])
      if (visit === null) return
      const address = clientAddressKey(request.ip)
      if (!rate.admits(address)) return
      const userAgent = request.headers['user-agent'] ?? ''
      if (visit.kind === 'buy') {
        buyClicks.clicked(request.ip, userAgent, { path: visit.path, campaign: visit.campaign, address })
        return
      }
      counts.add('view', visit.path)
      counts.add('device', visit.device)
      if (visit.referrer) counts.add('referrer', keyOf(address, 'referrer', visit.referrer))
      if (visit.source) counts.add('source', keyOf(address, 'source', visit.source))
      if (visit.campaign) counts.add('campaign_view', keyOf(address, 'campaign_view', visit.campaign))
      if (visit.language) counts.add('language', keyOf(address, 'language', visit.language))
      visitors.saw(request.ip, userAgent)
    },
    /** What a member did in the gallery (a project's details, a favourite, a collection). */
    memberEvent(request: FastifyRequest, event: MemberEvent): void {
      if (rate.admits(clientAddressKey(request.ip))) counts.add(event.kind, event.projectId)
    },
    /** A member's search, its term already normalised as the search log keeps it. */
    searched(term: string): void {
      counts.add('search', term)
    },
    /** A signed-in member's request: counts them active this week. */
    memberActive: activeMembers.seen,
    /** A member's first session ever: counted for today and the campaign of their paid order, if any. */
    firstSignIn(memberId: string): void {
      // The day it happened, though the order's campaign is read after it.
      const day = utcDay(now())
      const counting = campaignOf(database, memberId)
        .then((campaign) => counts.add('first_sign_in', campaign ?? '', 1, day))
        .catch(onError)
        .finally(() => lookingUp.delete(counting))
      lookingUp.add(counting)
    },
    /** Writes everything counted until now (the report reads it). */
    async flush(): Promise<void> {
      await Promise.all(lookingUp)
      await inTurn((counter) => counter.flush())
    },
    async stop(): Promise<void> {
      await Promise.all(lookingUp)
      await inTurn((counter) => counter.stop())
    },
  }
}

export type StoreAnalytics = ReturnType<typeof createStoreAnalytics>

/** The campaign of the member's first paid order that names one. */
async function campaignOf(database: DatabaseHandle, memberId: string): Promise<string | null> {
  const [row] = await database.rows(sql`
    SELECT campaign FROM orders
    WHERE user_id = ${memberId} AND campaign IS NOT NULL
      AND status IN (${sql.join(
        PAID_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
    ORDER BY coalesce(purchased_at, created_at), sequence
    LIMIT 1`)
  return typeof row?.campaign === 'string' ? row.campaign : null
}
