import { useTranslation } from 'react-i18next'
import type { AnalyticsReport } from '@pg/shared/analytics'
import { analyticsFormats, formatRevenue } from '../model/analytics-format'

/** The period at a glance: visitors, buy clicks, paid orders, conversion and revenue. */
export function PeriodFigures({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation()
  const formats = analyticsFormats(i18n.language)
  const { funnel } = report
  const items = [
    { key: 'visitors', value: formats.number(funnel.visitors) },
    { key: 'buyClicks', value: formats.number(funnel.buyClicks) },
    { key: 'paidOrders', value: formats.number(funnel.paidOrders) },
    { key: 'conversion', value: formats.percent(funnel.conversionRate) ?? '—' },
    { key: 'revenue', value: formatRevenue(report.revenue, i18n.language) || '—' },
  ] as const
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map((item) => (
        <div
          key={item.key}
          className={`rounded-xl border border-slate-200 bg-white px-4 py-3 ${item.key === 'revenue' ? 'col-span-2 sm:col-span-1' : ''}`}
        >
          <dt className="text-sm text-slate-600">{t(`consoleAnalytics.figures.${item.key}`)}</dt>
          <dd className="mt-1 text-2xl font-bold wrap-break-word text-slate-900 tabular-nums">
            {item.value === '—' ? (
              <>
                <span aria-hidden="true">—</span>
                <span className="sr-only">{t('consoleAnalytics.figures.none')}</span>
              </>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}
