import {
  ANALYTICS_LIMITS,
  type AnalyticsCampaign,
  type AnalyticsDay,
  type AnalyticsPeriod,
  type AnalyticsReport,
} from '@pg/shared/analytics'
import type { AnalyticsReportRepository } from './analytics-report-repository'
import { weekOf } from './active-members'
import { utcDay } from './daily-counts'

const DAY_MS = 86_400_000
/** Metrics whose keys the report lists, and the report's name for each list. */
const TOP_LISTS = {
  referrer: 'referrers',
  source: 'sources',
  view: 'pages',
  language: 'languages',
  device: 'devices',
  search: 'searches',
} as const

type Money = { currency: string; amount: number }

/** Adds an amount to a list of amounts, one per currency. */
function addMoney(amounts: Money[], currency: string | null, amount: number): void {
  if (currency === null) return
  const held = amounts.find((money) => money.currency === currency)
  if (held) held.amount += amount
  else amounts.push({ currency, amount })
}

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole)

/**
 * The owner's report over the last `days` UTC days, today included (decision 065): every day present,
 * the funnel over the period, campaigns joined to their paid orders, and the top lists.
 */
export async function analyticsReport(
  repository: AnalyticsReportRepository,
  days: AnalyticsPeriod,
  now: Date,
  /** The day's bound of visitors: a day that reached it says its estimate is a floor. */
  visitorsPerDay: number = ANALYTICS_LIMITS.visitorsPerDay,
): Promise<AnalyticsReport> {
  const to = utcDay(now)
  const from = utcDay(new Date(now.getTime() - (days - 1) * DAY_MS))
  const [totals, tops, projects, orders, withoutResults, weekly] = await Promise.all([
    repository.dailyTotals(from),
    repository.topKeys(from, Object.keys(TOP_LISTS)),
    repository.topProjects(from),
    repository.paidOrders(from),
    repository.searchesWithoutResults(from),
    repository.weeklyActiveMembers(weekOf(new Date(`${from}T00:00:00Z`))),
  ])
  const daily = new Map<string, AnalyticsDay>()
  for (let at = new Date(`${from}T00:00:00Z`).getTime(); at <= now.getTime(); at += DAY_MS) {
    const day = utcDay(new Date(at))
    daily.set(day, {
      day,
      visitors: 0,
      views: 0,
      buyClicks: 0,
      paidOrders: 0,
      firstSignIns: 0,
      searches: 0,
      searchesWithoutResults: 0,
      detailsOpened: 0,
      favourites: 0,
      collectionAdds: 0,
      revenue: [],
    })
  }
  const FIELDS: Partial<Record<string, keyof AnalyticsDay>> = {
    visitors: 'visitors',
    view: 'views',
    buy: 'buyClicks',
    first_sign_in: 'firstSignIns',
    search: 'searches',
    details: 'detailsOpened',
    favourite: 'favourites',
    collection: 'collectionAdds',
  }
  for (const { day, metric, count } of totals) {
    const row = daily.get(day)
    const field = FIELDS[metric]
    if (row && field && field !== 'day' && field !== 'revenue') row[field] += count
  }
  for (const { day, count } of withoutResults.daily) {
    const row = daily.get(day)
    if (row) row.searchesWithoutResults += count
  }
  const revenue: (Money & { orders: number })[] = []
  const campaignOrders = new Map<string, { paidOrders: number; revenue: Money[] }>()
  for (const order of orders) {
    const row = daily.get(order.day)
    if (!row) continue
    row.paidOrders += order.orders
    addMoney(row.revenue, order.currency, order.amount)
    if (order.currency !== null) {
      const held = revenue.find((money) => money.currency === order.currency)
      if (held) {
        held.amount += order.amount
        held.orders += order.orders
      } else revenue.push({ currency: order.currency, amount: order.amount, orders: order.orders })
    }
    if (order.campaign !== null) {
      const campaign = campaignOrders.get(order.campaign) ?? { paidOrders: 0, revenue: [] }
      campaign.paidOrders += order.orders
      addMoney(campaign.revenue, order.currency, order.amount)
      campaignOrders.set(order.campaign, campaign)
    }
  }
  const campaigns: AnalyticsCampaign[] = (
    await repository.campaignCounts(from, [...campaignOrders.keys()])
  ).map((counted) => ({ ...counted, paidOrders: 0, revenue: [], ...campaignOrders.get(counted.campaign) }))
  for (const [campaign, paid] of campaignOrders)
    if (!campaigns.some((counted) => counted.campaign === campaign))
      campaigns.push({ campaign, landingViews: 0, buyClicks: 0, firstSignIns: 0, ...paid })
  campaigns.sort(
    (a, b) =>
      b.paidOrders - a.paidOrders ||
      b.buyClicks - a.buyClicks ||
      b.landingViews - a.landingViews ||
      a.campaign.localeCompare(b.campaign),
  )
  const series = [...daily.values()]
  const sum = (field: 'visitors' | 'views' | 'buyClicks' | 'paidOrders' | 'firstSignIns') =>
    series.reduce((total, row) => total + row[field], 0)
  const funnel = {
    visitors: sum('visitors'),
    landingViews: sum('views'),
    buyClicks: sum('buyClicks'),
    paidOrders: sum('paidOrders'),
    firstSignIns: sum('firstSignIns'),
  }
  const listOf = (metric: keyof typeof TOP_LISTS) =>
    tops.filter((top) => top.metric === metric).map(({ key, count }) => ({ key, count }))
  return {
    days,
    from,
    to,
    daily: series,
    visitorsCappedDays: series.filter((row) => row.visitors >= visitorsPerDay).map((row) => row.day),
    funnel: {
      ...funnel,
      buyClickRate: share(funnel.buyClicks, funnel.landingViews),
      paymentRate: share(funnel.paidOrders, funnel.buyClicks),
      signInRate: share(funnel.firstSignIns, funnel.paidOrders),
      conversionRate: share(funnel.paidOrders, funnel.visitors),
    },
    campaigns: campaigns.slice(0, ANALYTICS_LIMITS.topEntries),
    referrers: listOf('referrer'),
    sources: listOf('source'),
    pages: listOf('view'),
    languages: listOf('language'),
    devices: listOf('device'),
    projects,
    searches: listOf('search').map(({ key, count }) => ({ term: key, count })),
    searchesWithoutResults: withoutResults.terms,
    weeklyActiveMembers: weekly,
    revenue: revenue.sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency)),
  }
}
