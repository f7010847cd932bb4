import { z } from 'zod'
import { idSchema } from './catalog'
import { PUBLIC_PATHS, THANK_YOU_PATHS } from './routes'

/**
 * The store's own analytics (issue 33, decision 065): what the storefront's beacons and the members' app
 * send, and the owner's report. The server, the storefront and the console read the same shapes here.
 */

/** What keeps the counts bounded whatever the traffic (decision 065). */
export const ANALYTICS_LIMITS = {
  /** Keys kept per UTC day and metric; later keys of that day are counted under `(other)`. */
  keysPerMetricAndDay: 1_000,
  /** Visitors' hashes kept per day; past it the day's estimate stops growing and the report says so. */
  visitorsPerDay: 100_000,
  /** A beacon's or a member event's body, in bytes. */
  bodyBytes: 2 * 1024,
  /** A referrer domain, a `utm_*` value or a page's path is kept to this many characters. */
  textLength: 100,
  /** Entries in each "top" list of the report. */
  topEntries: 20,
  /**
   * Keys new to the day (a campaign, source, referrer or language nobody sent yet that day) one client
   * address may bring; its later new keys are counted under `(other)` (issue 40, L6; decision 071).
   */
  newKeysPerAddressAndDay: 10,
  /** Campaigns the owner names in the console (or the CLI): always counted by name (decision 071). */
  ownCampaigns: 50,
} as const

/** The key counted for what fell past a day's bound of keys. */
export const ANALYTICS_OTHER_KEY = '(other)'

/** The storefront's pages a visit is counted on (any other path is not counted). */
export const ANALYTICS_PAGE_PATHS: readonly string[] = [...PUBLIC_PATHS, ...THANK_YOU_PATHS]

/** A storefront beacon (`POST /v1/store/analytics/visits`): a page seen or a buy button clicked. */
export const visitBeaconSchema = z.object({
  kind: z.enum(['view', 'buy']),
  /** The page's path, without its query string. */
  path: z.string().max(2_000),
  /** `document.referrer` as the browser gives it (only its domain is kept; the store's own is not). */
  referrer: z.string().max(2_000).optional(),
  utmSource: z.string().max(2_000).optional(),
  utmCampaign: z.string().max(2_000).optional(),
  /** The page's language (`es`, `en`) or the browser's (`es-MX`): only its first part is kept. */
  language: z.string().max(100).optional(),
})
export type VisitBeacon = z.infer<typeof visitBeaconSchema>

/** What the members' app reports (`POST /v1/store/analytics/member-events`). */
export const MEMBER_EVENT_KINDS = ['details', 'favourite', 'collection'] as const
export const memberEventSchema = z.object({
  kind: z.enum(MEMBER_EVENT_KINDS),
  projectId: idSchema,
})
export type MemberEvent = z.infer<typeof memberEventSchema>

/**
 * A campaign the owner names (decision 071), as the storefront's `utm_campaign` is kept: one line (no
 * control character), trimmed, 1 to 100 characters. Compared exactly: upper and lower case matter.
 */
export const ownCampaignSchema = z
  .string()
  .trim()
  .min(1)
  .max(ANALYTICS_LIMITS.textLength)
  .regex(/^\P{Cc}*$/u)

/** `GET /v1/store/analytics/campaigns`: the owner's campaigns, and those on the buy link (CHECKOUT_URL). */
export const ownCampaignsSchema = z.object({
  campaigns: z.array(z.string()),
  checkoutCampaigns: z.array(z.string()),
  limit: z.int().min(0),
})
export type OwnCampaigns = z.infer<typeof ownCampaignsSchema>

/** The periods the owner may look at. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]

/** `?days=7|30|90` of the report and its CSV export; 30 when not given. */
export const analyticsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'])
    .default('30')
    .transform((days): AnalyticsPeriod => (days === '7' ? 7 : days === '90' ? 90 : 30)),
})

const count = z.int().min(0)
/** A share between two steps (0.25 is 25 %); null when the step before it counted nothing. */
const rate = z.number().min(0).nullable()
/** A UTC day, `YYYY-MM-DD`. */
const day = z.iso.date()
/** An amount in the currency's minor unit (cents), as orders keep it; format with `formatMoney`. */
const money = z.object({ currency: z.string(), amount: z.int() })
const keyCount = z.object({ key: z.string(), count })

/** One UTC day of the period, oldest first; every day is present, with zeros. */
export const analyticsDaySchema = z.object({
  day,
  /** Unique visitors estimated without cookies (decision 065). */
  visitors: count,
  /** Storefront page views (every storefront page is a landing page). */
  views: count,
  buyClicks: count,
  /** Orders paid that day (by their purchase date), refunded or disputed later or not. */
  paidOrders: count,
  firstSignIns: count,
  searches: count,
  searchesWithoutResults: count,
  detailsOpened: count,
  favourites: count,
  collectionAdds: count,
  /** Revenue of the day's paid orders, one entry per currency that had any. */
  revenue: z.array(money),
})
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>

/** The funnel's steps over the period and the share that went on to the next. */
export const analyticsFunnelSchema = z.object({
  visitors: count,
  landingViews: count,
  buyClicks: count,
  paidOrders: count,
  firstSignIns: count,
  /** buyClicks / landingViews. */
  buyClickRate: rate,
  /** paidOrders / buyClicks. */
  paymentRate: rate,
  /** firstSignIns / paidOrders. */
  signInRate: rate,
  /** paidOrders / visitors: the overview's "conversion". */
  conversionRate: rate,
})
export type AnalyticsFunnel = z.infer<typeof analyticsFunnelSchema>

/** The funnel of one `utm_campaign` (orders carry it from the buy button; decision 065). */
export const analyticsCampaignSchema = z.object({
  campaign: z.string(),
  landingViews: count,
  buyClicks: count,
  paidOrders: count,
  firstSignIns: count,
  revenue: z.array(money),
})
export type AnalyticsCampaign = z.infer<typeof analyticsCampaignSchema>

/** A project members opened or kept; `title` is null once the project is gone. */
export const analyticsProjectSchema = z.object({
  projectId: z.string(),
  title: z.string().nullable(),
  detailsOpened: count,
  favourites: count,
  collectionAdds: count,
})
export type AnalyticsProject = z.infer<typeof analyticsProjectSchema>

/** The owner's report (`GET /v1/store/analytics?days=`). Lists are sorted by count, largest first. */
export const analyticsReportSchema = z.object({
  days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  /** The first and last UTC day of the period (the last is today). */
  from: day,
  to: day,
  daily: z.array(analyticsDaySchema),
  /** Days whose visitors reached the day's bound: their estimate is a floor. */
  visitorsCappedDays: z.array(day),
  funnel: analyticsFunnelSchema,
  campaigns: z.array(analyticsCampaignSchema),
  /** Referrer domains of views from other sites (`(other)` past a day's bound). */
  referrers: z.array(keyCount),
  /** `utm_source` values of views. */
  sources: z.array(keyCount),
  /** Storefront pages by views. */
  pages: z.array(keyCount),
  /** Languages of views (`es`, `en`…). */
  languages: z.array(keyCount),
  /** `phone` and `desktop` views. */
  devices: z.array(keyCount),
  /** By details opened, then favourites, then collection adds. */
  projects: z.array(analyticsProjectSchema),
  /** Members' searches by normalised term (as the search log keeps them). */
  searches: z.array(z.object({ term: z.string(), count })),
  searchesWithoutResults: z.array(z.object({ term: z.string(), count })),
  /** Members active in each week (its Monday, UTC) that overlaps the period, oldest first. */
  weeklyActiveMembers: z.array(z.object({ week: day, members: count })),
  /** Revenue of the period's paid orders per currency. */
  revenue: z.array(money.extend({ orders: count })),
})
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>
