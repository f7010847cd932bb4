import { useTranslation } from 'react-i18next'
import type { AnalyticsProject } from '@pg/shared/analytics'
import { analyticsFormats } from '../model/analytics-format'
import { BarList } from './bar-list'
import { ChartSection } from './chart-section'
import { DataTable } from './data-table'

/** The projects members opened, kept in favourites and added to collections, most opened first. */
export function ProjectsSection({ projects }: { projects: AnalyticsProject[] }) {
  const { t, i18n } = useTranslation()
  const formats = analyticsFormats(i18n.language)
  const title = (project: AnalyticsProject) =>
    project.title ?? t('consoleAnalytics.projects.gone', { id: project.projectId })
  const first = projects[0]
  return (
    <ChartSection
      title={t('consoleAnalytics.projects.title')}
      summary={
        first
          ? t('consoleAnalytics.projects.summary', {
              project: title(first),
              count: first.detailsOpened,
              favourites: formats.number(first.favourites),
            })
          : ''
      }
      empty={first ? null : t('consoleAnalytics.projects.empty')}
      chart={
        <BarList
          tone="bg-sky-700"
          bars={projects.map((project) => ({
            key: project.projectId,
            label: title(project),
            value: project.detailsOpened,
            text: t('consoleAnalytics.projects.bar', {
              opened: formats.number(project.detailsOpened),
              favourites: formats.number(project.favourites),
              collections: formats.number(project.collectionAdds),
            }),
          }))}
        />
      }
      table={
        <DataTable
          caption={t('consoleAnalytics.projects.caption')}
          columns={[
            t('consoleAnalytics.projects.project'),
            t('consoleAnalytics.projects.opened'),
            t('consoleAnalytics.projects.favourites'),
            t('consoleAnalytics.projects.collections'),
          ]}
          rows={projects.map((project) => ({
            key: project.projectId,
            heading: title(project),
            cells: [project.detailsOpened, project.favourites, project.collectionAdds].map(formats.number),
          }))}
        />
      }
    />
  )
}
