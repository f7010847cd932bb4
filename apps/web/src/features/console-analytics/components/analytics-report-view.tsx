import { useTranslation } from 'react-i18next'
import type { AnalyticsReport } from '@pg/shared/analytics'
import { analyticsFormats } from '../model/analytics-format'
import { CampaignsSection } from './campaigns-section'
import { FunnelSection } from './funnel-section'
import { PeriodFigures } from './period-figures'
import { ProjectsSection } from './projects-section'
import { RankedSection, type RankedItem } from './ranked-section'
import { VisitsSection } from './visits-section'

type RankedList = 'referrers' | 'sources' | 'searches' | 'searchesWithoutResults' | 'activeMembers'

const named = (items: { key: string; count: number }[]): RankedItem[] =>
  items.map((item) => ({ ...item, label: item.key }))
const terms = (items: { term: string; count: number }[]): RankedItem[] =>
  items.map((item) => ({ key: item.term, label: item.term, count: item.count }))

/** The report's figures and charts, in the order an owner reads them: visits, funnel, sources, members. */
export function AnalyticsReportView({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation()
  const formats = analyticsFormats(i18n.language)
  const texts = (section: RankedList, columns: { nameColumn: string; countColumn: string }) => ({
    title: t(`consoleAnalytics.${section}.title`),
    summary: (first: RankedItem, count: string) =>
      t(`consoleAnalytics.${section}.summary`, { name: first.label, count: first.count, figure: count }),
    empty: t(`consoleAnalytics.${section}.empty`),
    caption: t(`consoleAnalytics.${section}.caption`, { count: report.days }),
    ...columns,
  })
  const visitsColumn = t('consoleAnalytics.visits.views')
  const searchColumns = {
    nameColumn: t('consoleAnalytics.searches.term'),
    countColumn: t('consoleAnalytics.searches.count'),
  }
  return (
    <div className="space-y-6">
      <PeriodFigures report={report} />
      <VisitsSection report={report} />
      <FunnelSection funnel={report.funnel} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RankedSection
          items={named(report.referrers)}
          texts={texts('referrers', {
            nameColumn: t('consoleAnalytics.referrers.site'),
            countColumn: visitsColumn,
          })}
        />
        <RankedSection
          items={named(report.sources)}
          texts={texts('sources', {
            nameColumn: t('consoleAnalytics.sources.source'),
            countColumn: visitsColumn,
          })}
        />
      </div>
      <CampaignsSection campaigns={report.campaigns} />
      <ProjectsSection projects={report.projects} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RankedSection
          tone="bg-teal-700"
          items={terms(report.searches)}
          texts={texts('searches', searchColumns)}
        />
        <RankedSection
          tone="bg-amber-600"
          items={terms(report.searchesWithoutResults)}
          texts={texts('searchesWithoutResults', searchColumns)}
        />
      </div>
      <RankedSection
        tone="bg-indigo-600"
        items={report.weeklyActiveMembers.map((week) => ({
          key: week.week,
          label: t('consoleAnalytics.activeMembers.week', { day: formats.longDay(week.week) }),
          count: week.members,
        }))}
        texts={texts('activeMembers', {
          nameColumn: t('consoleAnalytics.activeMembers.weekColumn'),
          countColumn: t('consoleAnalytics.activeMembers.members'),
        })}
      />
    </div>
  )
}
