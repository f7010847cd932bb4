import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { AnalyticsReport } from '@pg/shared/analytics'
import { analyticsFormats, largest } from '../model/analytics-format'
import { ChartSection } from './chart-section'
import { DailyChart } from './daily-chart'
import { DataTable } from './data-table'

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

/** Visitors and buy clicks per day of the period, as lines, in words and as a table. */
export function VisitsSection({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation()
  const formats = useMemo(() => analyticsFormats(i18n.language), [i18n.language])
  const { daily } = report
  const days = useMemo(() => daily.map((day) => day.day), [daily])
  const series = useMemo(
    () => [
      {
        label: t('consoleAnalytics.visits.visitors'),
        values: daily.map((d) => d.visitors),
        colour: '#2563eb',
      },
      {
        label: t('consoleAnalytics.visits.buyClicks'),
        values: daily.map((d) => d.buyClicks),
        colour: '#c2410c',
        dash: [6, 4],
      },
    ],
    [daily, t],
  )
  const dayText = useCallback((day: string) => formats.shortDay(day), [formats])
  const visitors = sum(daily.map((day) => day.visitors))
  const views = sum(daily.map((day) => day.views))
  const buyClicks = sum(daily.map((day) => day.buyClicks))
  const best = largest(daily, (day) => day.visitors)
  const summary = [
    t('consoleAnalytics.visits.summary', {
      visitors: formats.number(visitors),
      views: formats.number(views),
      buyClicks: formats.number(buyClicks),
      count: report.days,
    }),
    best && t('consoleAnalytics.visits.best', { day: formats.longDay(best.day), count: best.visitors }),
    report.visitorsCappedDays.length > 0 &&
      t('consoleAnalytics.visits.capped', { count: report.visitorsCappedDays.length }),
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <ChartSection
      title={t('consoleAnalytics.visits.title')}
      summary={summary}
      empty={views === 0 && buyClicks === 0 ? t('consoleAnalytics.visits.empty') : null}
      chart={<DailyChart days={days} series={series} dayText={dayText} countText={formats.number} />}
      table={
        <DataTable
          caption={t('consoleAnalytics.visits.caption')}
          headingsOnOneLine
          columns={[
            t('consoleAnalytics.visits.day'),
            t('consoleAnalytics.visits.visitors'),
            t('consoleAnalytics.visits.views'),
            t('consoleAnalytics.visits.buyClicks'),
            t('consoleAnalytics.visits.paidOrders'),
          ]}
          rows={[...daily].reverse().map((day) => ({
            key: day.day,
            heading: formats.longDay(day.day),
            cells: [day.visitors, day.views, day.buyClicks, day.paidOrders].map(formats.number),
          }))}
        />
      }
    />
  )
}
