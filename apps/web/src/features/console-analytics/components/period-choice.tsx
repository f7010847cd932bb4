import { Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@pg/shared/analytics'
import { periodAddress } from '../model/analytics-period'

/** The last 7, 30 or 90 days, as links: the period is in the address, to share, bookmark or reload. */
export function PeriodChoice({ days }: { days: AnalyticsPeriod }) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  return (
    <nav aria-label={t('consoleAnalytics.period.label')}>
      <ul className="inline-flex flex-wrap gap-1 rounded-xl border border-slate-200 bg-white p-1">
        {ANALYTICS_PERIODS.map((choice) => (
          <li key={choice}>
            <Link
              to={periodAddress(params, choice)}
              aria-current={choice === days ? 'page' : undefined}
              className={`inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium ${
                choice === days ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {t('consoleAnalytics.period.days', { count: choice })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
