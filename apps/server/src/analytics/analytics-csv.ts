import { decimalAmount } from '@pg/shared/money'
import type { AnalyticsReport } from '@pg/shared/analytics'
import { formatCsv } from '../platform/lib/csv'

const HEADER = ['section', 'day', 'key', 'label', 'measure', 'value', 'currency']

/**
 * The report as one long table (decision 065): a row per number, so a spreadsheet pivots it as it likes;
 * amounts in the currency's units (`49.00`), rates as fractions (`0.25`). Every cell is escaped against
 * formula injection (a referrer, a campaign and a search are typed by strangers).
 */
export function analyticsCsv(report: AnalyticsReport): string {
  const rows: string[][] = [HEADER]
  const add = (
    section: string,
    day: string,
    key: string,
    label: string,
    measure: string,
    value: string,
    currency = '',
  ) => rows.push([section, day, key, label, measure, value, currency])
  for (const { day, revenue, ...counts } of report.daily) {
    for (const [measure, value] of Object.entries(counts)) add('daily', day, '', '', measure, String(value))
    for (const money of revenue)
      add('daily', day, '', '', 'revenue', decimalAmount(money.amount, money.currency), money.currency)
  }
  for (const [measure, value] of Object.entries(report.funnel))
    add('funnel', '', '', '', measure, value === null ? '' : String(value))
  for (const { campaign, revenue, ...counts } of report.campaigns) {
    for (const [measure, value] of Object.entries(counts))
      add('campaigns', '', campaign, '', measure, String(value))
    for (const money of revenue)
      add(
        'campaigns',
        '',
        campaign,
        '',
        'revenue',
        decimalAmount(money.amount, money.currency),
        money.currency,
      )
  }
  for (const section of ['referrers', 'sources', 'pages', 'languages', 'devices'] as const)
    for (const { key, count } of report[section]) add(section, '', key, '', 'count', String(count))
  for (const { projectId, title, ...counts } of report.projects)
    for (const [measure, value] of Object.entries(counts))
      add('projects', '', projectId, title ?? '', measure, String(value))
  for (const section of ['searches', 'searchesWithoutResults'] as const)
    for (const { term, count } of report[section]) add(section, '', term, '', 'count', String(count))
  for (const { week, members } of report.weeklyActiveMembers)
    add('weeklyActiveMembers', week, '', '', 'members', String(members))
  for (const money of report.revenue) {
    add('revenue', '', '', '', 'orders', String(money.orders), money.currency)
    add('revenue', '', '', '', 'amount', decimalAmount(money.amount, money.currency), money.currency)
  }
  return formatCsv(rows)
}
