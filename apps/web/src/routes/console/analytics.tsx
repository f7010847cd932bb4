import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/button'
import { ConsolePage, LoadState } from '../../components/console/console-page'
import {
  analyticsExportAddress,
  useAnalyticsReport,
} from '../../features/console-analytics/api/analytics-report'
import { AnalyticsReportView } from '../../features/console-analytics/components/analytics-report-view'
import { OwnCampaignsSection } from '../../features/console-analytics/components/own-campaigns-section'
import { PeriodChoice } from '../../features/console-analytics/components/period-choice'
import { analyticsFormats } from '../../features/console-analytics/model/analytics-format'
import { readPeriod } from '../../features/console-analytics/model/analytics-period'

/**
 * Analytics (issue 33, decision 065): what the store counted without cookies over the last 7, 30 or 90
 * days (in the address), as charts with their words and tables, and the same as a CSV file; and the
 * owner's own campaigns, always counted by name (decision 071).
 */
export function AnalyticsRoute() {
  const { t, i18n } = useTranslation()
  const formats = analyticsFormats(i18n.language)
  const [params] = useSearchParams()
  const days = readPeriod(params)
  const report = useAnalyticsReport(days)
  // While another period loads, the previous one stays, marked busy, and a line says what is coming.
  const stale = report.isPlaceholderData
  return (
    <ConsolePage
      title={t('console.nav.analytics')}
      description={t('consoleAnalytics.description')}
      actions={
        <a href={analyticsExportAddress(days)} download className={buttonClass('secondary')}>
          {t('consoleAnalytics.csv')}
          <span className="sr-only"> {t('consoleAnalytics.csvPeriod', { count: days })}</span>
        </a>
      }
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <PeriodChoice days={days} />
        <p role="status" className="text-sm text-slate-600">
          {report.data && !stale
            ? t('consoleAnalytics.period.showing', {
                count: days,
                from: formats.longDay(report.data.from),
                to: formats.longDay(report.data.to),
              })
            : ''}
          {stale ? t('consoleAnalytics.period.loading', { count: days }) : ''}
        </p>
      </div>
      {report.data ? (
        <div aria-busy={stale} className={stale ? 'opacity-60 transition-opacity' : ''}>
          <AnalyticsReportView report={report.data} />
        </div>
      ) : (
        <LoadState query={report} loadingText={t('consoleAnalytics.loading')} />
      )}
      {/* Its own widget: it loads, fails and changes apart from the report (decision 071). */}
      <OwnCampaignsSection />
    </ConsolePage>
  )
}
