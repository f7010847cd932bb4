import { useTranslation } from 'react-i18next'
import type { Overview } from '../api/overview-api'
import { OverviewCard } from './overview-card'

/** The projects most members keep in their favourites, most first. */
export function FavouritesCard({ projects }: { projects: Overview['mostFavourited'] }) {
  const { t } = useTranslation()
  return (
    <OverviewCard title={t('consoleOverview.favourites.title')}>
      {projects.length === 0 ? (
        <p className="text-sm text-slate-600">{t('consoleOverview.favourites.none')}</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {projects.map((project, index) => (
            <li key={project.projectId} className="flex items-baseline gap-3 py-2 text-sm">
              <span aria-hidden="true" className="w-5 shrink-0 text-right text-slate-500 tabular-nums">
                {index + 1}
              </span>
              <span className="min-w-0 flex-1 wrap-break-word text-slate-900">{project.title}</span>
              <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-700">
                {t('consoleOverview.favourites.members', { count: project.members })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </OverviewCard>
  )
}
