import { useTranslation } from 'react-i18next'
import type { Overview, SalesDay } from '../api/overview-api'
import { busiestDay, dayFormats, formatRevenue } from '../model/overview-format'
import { OverviewCard } from './overview-card'

/** A dash to see, and words to hear, where there is no revenue. */
function NoRevenue() {
  const { t } = useTranslation()
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('consoleOverview.sales.noRevenue')}</span>
    </>
  )
}

const BAR = 10
const HEIGHT = 100

/**
 * Paid orders by day as bars: a picture only (hidden from screen readers); its caption says the same
 * in words, and the table under "Sales by day" gives every day's numbers.
 */
function SalesChart({ days, summary }: { days: SalesDay[]; summary: string }) {
  const { t, i18n } = useTranslation()
  const formats = dayFormats(i18n.language)
  const most = Math.max(1, ...days.map((day) => day.orders))
  const first = days[0]
  const last = days.at(-1)
  return (
    <figure className="mt-5">
      <p aria-hidden="true" className="text-xs text-slate-600">
        {t('consoleOverview.sales.scale', { count: most })}
      </p>
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox={`0 0 ${days.length * BAR} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-1 h-32 w-full border-b border-slate-300"
      >
        <line x1="0" x2={days.length * BAR} y1="0.5" y2="0.5" className="stroke-slate-200" strokeWidth="1" />
        {days.map((day, index) => {
          const height = day.orders === 0 ? 1 : Math.max(3, (day.orders / most) * (HEIGHT - 2))
          return (
            <rect
              key={day.day}
              x={index * BAR + 1.5}
              width={BAR - 3}
              y={HEIGHT - height}
              height={height}
              rx="1"
              className={day.orders === 0 ? 'fill-slate-200' : 'fill-blue-600'}
            />
          )
        })}
      </svg>
      {first && last && (
        <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
          <span>{formats.short(first.day)}</span>
          <span>{formats.short(last.day)}</span>
        </div>
      )}
      <figcaption className="mt-3 text-sm text-slate-700">{summary}</figcaption>
    </figure>
  )
}

/** Every day's orders and revenue, for reading the numbers themselves. */
function SalesTable({ days }: { days: SalesDay[] }) {
  const { t, i18n } = useTranslation()
  const formats = dayFormats(i18n.language)
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <details className="mt-4 rounded-lg border border-slate-200">
      <summary className="min-h-10 cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
        {t('consoleOverview.sales.byDay')}
      </summary>
      <div className="relative overflow-x-auto border-t border-slate-200">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t('consoleOverview.sales.tableCaption')}</caption>
          <thead className="bg-slate-50 text-left text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('consoleOverview.sales.day')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t('consoleOverview.sales.ordersColumn')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t('consoleOverview.sales.revenue')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {[...days].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap text-slate-700">
                  {formats.long(day.day)}
                </th>
                <td className="px-3 py-2 text-right text-slate-900 tabular-nums">
                  {number.format(day.orders)}
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums">
                  {formatRevenue(day.revenue, i18n.language) || <NoRevenue />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}

/** Paid orders and revenue of the last 30 days, in figures, as a chart and as a table. */
export function SalesCard({ sales }: { sales: Overview['sales'] }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  const revenue = formatRevenue(sales.revenue, i18n.language)
  const best = busiestDay(sales.days)
  const formats = dayFormats(i18n.language)
  const total = revenue
    ? t('consoleOverview.sales.summary', { count: sales.orders, revenue })
    : t('consoleOverview.sales.summaryWithoutRevenue', { count: sales.orders })
  const summary = best
    ? `${total} ${t('consoleOverview.sales.busiest', { day: formats.long(best.day), count: best.orders })}`
    : t('consoleOverview.sales.none')
  return (
    <OverviewCard title={t('consoleOverview.sales.title')}>
      <dl className="grid grid-cols-2 gap-4 sm:max-w-md">
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-sm text-slate-600">{t('consoleOverview.sales.orders')}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
            {number.format(sales.orders)}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-sm text-slate-600">{t('consoleOverview.sales.revenue')}</dt>
          <dd className="mt-1 text-2xl font-bold wrap-break-word text-slate-900 tabular-nums">
            {revenue || <NoRevenue />}
          </dd>
        </div>
      </dl>
      <SalesChart days={sales.days} summary={summary} />
      <SalesTable days={sales.days} />
    </OverviewCard>
  )
}
