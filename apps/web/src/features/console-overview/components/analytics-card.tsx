import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { AnalyticsReport } from '@pg/shared/analytics'
import { formatMoney } from '@pg/shared/money'
import { Figures, OverviewCard } from './overview-card'

/**
 * The last 7 days at a glance (decision 065): visitors, conversion (paid orders per visitor, as the
 * report counts it) and revenue per currency, with the way to the Analytics page. `failed` when the
 * report could not be read: the rest of the Overview stays.
 */
export function AnalyticsCard({ report, failed }: { report: AnalyticsReport | undefined; failed: boolean }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 })
  const revenue = report?.revenue
    .filter(({ amount }) => amount > 0)
    .flatMap(({ amount, currency }) => formatMoney(amount, currency, i18n.language) ?? [])
  const rate = report?.funnel.conversionRate
  return (
    <OverviewCard title={t('consoleOverview.analytics.title')}>
      {report ? (
        <>
          <Figures
            items={[
              {
                label: t('consoleOverview.analytics.visitors'),
                value: number.format(report.funnel.visitors),
              },
              {
                label: t('consoleOverview.analytics.conversion'),
                value:
                  typeof rate === 'number'
                    ? percent.format(rate)
                    : t('consoleOverview.analytics.noConversion'),
                muted: typeof rate !== 'number',
              },
            ]}
          />
          <p className="mt-3 text-sm text-slate-700">
            {t('consoleOverview.analytics.conversionText', {
              count: report.funnel.paidOrders,
              visitors: number.format(report.funnel.visitors),
            })}
          </p>
          <h4 className="mt-4 text-sm font-semibold text-slate-800">
            {t('consoleOverview.analytics.revenue')}
          </h4>
          {revenue && revenue.length > 0 ? (
            <ul className="mt-1 space-y-1 text-lg font-bold text-slate-900 tabular-nums">
              {revenue.map((amount) => (
                <li key={amount}>{amount}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">{t('consoleOverview.analytics.noRevenue')}</p>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-600">
          {failed ? t('consoleOverview.analytics.failed') : t('consoleOverview.analytics.loading')}
        </p>
      )}
      <Link
        to="/admin/analytics?days=7"
        className="mt-4 inline-flex min-h-10 items-center text-sm font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-800"
      >
        {t('consoleOverview.analytics.link')}
      </Link>
    </OverviewCard>
  )
}
