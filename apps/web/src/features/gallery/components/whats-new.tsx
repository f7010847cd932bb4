import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useGalleryAddress } from '../hooks/use-gallery-address'
import { useNews } from '../hooks/use-news'
import {
  ProjectGrid,
  ProjectGridSkeleton,
  type RenderCollectionControl,
  type RenderFavoriteToggle,
} from './project-grid'

/**
 * The dashboard's "Novedades" (issue 32): the projects added since the member's previous visit, newest
 * first, a page of them and a link to all of them in the gallery. A card opens the details through the
 * address (`?project=…`), which the page's one details dialog shows, as for a shared link.
 */
export function WhatsNew({
  renderFavoriteToggle,
  renderCollectionControl,
}: {
  renderFavoriteToggle: RenderFavoriteToggle
  renderCollectionControl?: RenderCollectionControl
}) {
  const { t, i18n } = useTranslation()
  const { openProject } = useGalleryAddress()
  const { since, news, isPending, isError } = useNews()
  // A catalogue never loaded, or a server that does not say: nothing to tell.
  if (!isPending && since === null) return null
  const date = since
    ? new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long' }).format(new Date(since))
    : ''
  const total = news?.total ?? 0
  return (
    <section aria-labelledby="whats-new" className="mx-auto max-w-6xl px-4 pt-8 sm:px-6 lg:px-8">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="whats-new" className="text-xl font-bold tracking-tight text-slate-900">
          {t('news.heading')}
        </h2>
        {news && total > 0 && (
          <Link
            to="/search?sort=newest"
            className="text-sm font-medium text-blue-700 underline-offset-2 hover:underline"
          >
            {t('news.seeAll', { count: total })}
          </Link>
        )}
      </div>
      {isPending ? (
        <div>
          <p role="status" className="mb-4 text-slate-600">
            {t('news.loading')}
          </p>
          <ProjectGridSkeleton cards={4} />
        </div>
      ) : isError || !news ? (
        <p className="text-slate-600">{t('news.failed')}</p>
      ) : total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-6 text-center text-slate-600">
          {t('news.none', { date })}
        </p>
      ) : (
        <>
          <p className="mb-4 text-slate-700">{t('news.since', { count: total, date })}</p>
          <ProjectGrid
            projects={news.projects}
            onOpen={openProject}
            renderFavoriteToggle={renderFavoriteToggle}
            renderCollectionControl={renderCollectionControl}
          />
        </>
      )}
    </section>
  )
}
