import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { queryWords } from '@pg/shared/search-text'
import { Button } from '../../../components/ui/button'
import { categoriesQuery, projectPagesQuery, topTagsQuery } from '../hooks/gallery-queries'
import { useGalleryAddress } from '../hooks/use-gallery-address'
import { useLiveCatalogue } from '../hooks/use-live-catalogue'
import { useFirstPageOnChoice, useProjectPages } from '../hooks/use-project-pages'
import { applyFilter, projectSource, type FilterAction } from '../model/filters'
import type { SortChoice } from '../model/sort'
import { ArrivalsNotice } from './arrivals-notice'
import { OPEN_PROJECT_ATTRIBUTE } from './project-card'
import { CategorySelect } from './category-select'
import { GalleryMessage } from './gallery-message'
import { LoadMoreButton } from './load-more-button'
import { ProjectDialogFromAddress } from './project-dialog-from-address'
import {
  ProjectGrid,
  ProjectGridSkeleton,
  type RenderCollectionControl,
  type RenderFavoriteToggle,
} from './project-grid'
import { SearchBox } from './search-box'
import { SortSelect } from './sort-select'
import { TagChips } from './tag-chips'

/**
 * The gallery (seed-spec sections 2, 4, 5): search, category, tags, the grid with Load More and the
 * detail modal. Favourites are not this feature's: the page hands in the heart toggle to render.
 */
export function GalleryView({
  renderFavoriteToggle,
  renderCollectionControl,
}: {
  renderFavoriteToggle: RenderFavoriteToggle
  renderCollectionControl?: RenderCollectionControl
}) {
  const { t } = useTranslation()
  const { filters, sort, projectId, dispatch, chooseSort, openProject, closeProject } = useGalleryAddress()
  // Choosing a category or tag clears the search box, including text not yet searched.
  const [searchBoxKey, setSearchBoxKey] = useState(0)
  const categories = useQuery(categoriesQuery())
  const tags = useQuery(topTagsQuery())
  const source = useMemo(() => projectSource(filters, sort), [filters, sort])
  // The cards mark the words the server matched, by the same rules (decision 029).
  const highlight = useMemo(
    () => (source.kind === 'search' ? queryWords(source.terms.join(' ')) : []),
    [source],
  )
  const pages = useProjectPages(source)
  const firstPageOnChoice = useFirstPageOnChoice()
  const queryClient = useQueryClient()
  const { arrivals } = useLiveCatalogue(source, pages.loadedAt, pages.projects)
  // After "show" the list loads again from its start; the keyboard then starts at its first card.
  const shownBefore = useRef<object | null>(null)
  const firstPage = pages.data?.pages[0]
  useEffect(() => {
    const first = firstPage?.projects[0]
    if (!shownBefore.current || !firstPage || firstPage === shownBefore.current || !first) return
    shownBefore.current = null
    document.querySelector<HTMLElement>(`[${OPEN_PROJECT_ATTRIBUTE}="${CSS.escape(first.id)}"]`)?.focus()
  }, [firstPage])

  /** The arrivals are shown by loading the list again from its start, with the same filters. */
  function showArrivals() {
    shownBefore.current = firstPage ?? null
    void queryClient.resetQueries({ queryKey: projectPagesQuery(source).queryKey, exact: true })
  }

  function choose(action: FilterAction) {
    if (action.type !== 'search') setSearchBoxKey((key) => key + 1)
    firstPageOnChoice(projectSource(applyFilter(filters, action), sort), source)
    dispatch(action)
  }

  function chooseOrder(choice: SortChoice | null) {
    firstPageOnChoice(projectSource(filters, choice), source)
    chooseSort(choice)
  }

  async function loadMore() {
    const before = pages.projects.length
    const result = await pages.fetchNextPage()
    if (result.isFetchNextPageError) {
      console.error('Load More error', result.error)
      return
    }
    // The button is gone after the last page: keep the keyboard where the new cards start.
    if (!result.hasNextPage) {
      const next = result.data?.pages.flatMap((page) => page.projects)[before]
      if (next)
        document.querySelector<HTMLElement>(`[${OPEN_PROJECT_ATTRIBUTE}="${CSS.escape(next.id)}"]`)?.focus()
    }
  }

  const failed =
    (categories.isError && !categories.data) || (tags.isError && !tags.data) || (pages.isError && !pages.data)
  if (failed) {
    return (
      <GalleryMessage
        tone="error"
        action={
          <Button
            variant="secondary"
            onClick={() => {
              void categories.refetch()
              void tags.refetch()
              void pages.refetch()
            }}
          >
            {t('gallery.retry')}
          </Button>
        }
      >
        {t('gallery.loadFailed')}
      </GalleryMessage>
    )
  }

  return (
    <>
      <section aria-label={t('gallery.filtersLabel')} className="mb-8 space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <SearchBox
            key={searchBoxKey}
            value={filters.q}
            onSearch={(text) => choose({ type: 'search', text })}
          />
          <CategorySelect
            categories={categories.data ?? []}
            value={filters.category}
            onChange={(categoryId) => choose({ type: 'category', categoryId })}
          />
          {source.kind !== 'tag' && (
            <SortSelect value={sort} searching={source.kind === 'search'} onChange={chooseOrder} />
          )}
        </div>
        <TagChips
          tags={tags.data ?? []}
          selected={filters.tag}
          onToggle={(tagId) => choose({ type: 'tag', tagId })}
        />
      </section>

      <ArrivalsNotice count={arrivals} onShow={showArrivals} />
      {pages.isPending ? (
        <div>
          <p role="status" className="mb-4 text-slate-600">
            {t('gallery.loadingProjects')}
          </p>
          <ProjectGridSkeleton />
        </div>
      ) : pages.projects.length === 0 ? (
        <GalleryMessage
          tone="neutral"
          action={
            <Button variant="secondary" onClick={() => choose({ type: 'clear' })}>
              {t('gallery.clearFilters')}
            </Button>
          }
        >
          <p className="font-semibold">{t('gallery.empty')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('gallery.emptyHint')}</p>
        </GalleryMessage>
      ) : (
        <>
          <p role="status" className="sr-only">
            {t('gallery.shown', { count: pages.projects.length })}
          </p>
          <ProjectGrid
            projects={pages.projects}
            highlight={highlight}
            onOpen={openProject}
            renderFavoriteToggle={renderFavoriteToggle}
            renderCollectionControl={renderCollectionControl}
          />
          {pages.hasNextPage && <LoadMoreButton loading={pages.isFetchingNextPage} onLoadMore={loadMore} />}
        </>
      )}

      <ProjectDialogFromAddress
        projectId={projectId}
        shown={pages.projects}
        onClose={closeProject}
        renderFavoriteToggle={renderFavoriteToggle}
        renderCollectionControl={renderCollectionControl}
      />
    </>
  )
}
