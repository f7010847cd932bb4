import { useCallback } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { ProjectFilter, ProjectSort } from '../../features/console-catalogue/api/catalogue-projects'
import { FilesPanel } from '../../features/console-catalogue/components/files-panel'
import { ProjectsPanel } from '../../features/console-catalogue/components/projects-panel'
import { TaxonomyPanel } from '../../features/console-catalogue/components/taxonomy-panel'
import { ConsolePage } from '../../components/console/console-page'
import { SearchSynonymsPanel } from '../../features/console-search-synonyms/components/search-synonyms-panel'
import { readChoice, readOffset, writeFilter } from '../../lib/console/filter-address'

const VIEWS = ['projects', 'taxonomy', 'files', 'synonyms'] as const
type View = (typeof VIEWS)[number]
const SORTS: readonly ProjectSort[] = ['newest', 'updated', 'az']

/** The catalogue: projects, categories and tags, files in and out; the view and filters in the address. */
export function CatalogueRoute() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const view: View = readChoice(VIEWS, params.get('view')) || 'projects'
  const filter: ProjectFilter = {
    search: params.get('q') ?? '',
    categoryId: params.get('category') ?? '',
    tagId: params.get('tag') ?? '',
    sort: readChoice(SORTS, params.get('sort')) || 'newest',
    offset: readOffset(params.get('offset')),
  }
  const onFilter = useCallback(
    (change: Partial<ProjectFilter>) =>
      setParams((old) =>
        writeFilter<ProjectFilter>(
          old,
          // The first sort is the address's default: it leaves no parameter, as the first page does.
          change.sort === 'newest' ? { ...change, sort: undefined } : change,
          { search: 'q', categoryId: 'category', tagId: 'tag' },
        ),
      ),
    [setParams],
  )
  return (
    <ConsolePage title={t('console.nav.catalogue')} description={t('consoleCatalogue.description')}>
      <nav aria-label={t('consoleCatalogue.viewsLabel')}>
        <ul className="flex flex-wrap gap-2 border-b border-slate-200 pb-2">
          {VIEWS.map((choice) => (
            <li key={choice}>
              <Link
                to={choice === 'projects' ? '?' : `?view=${choice}`}
                aria-current={choice === view ? 'page' : undefined}
                className={`inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-medium ${
                  choice === view ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                {t(`consoleCatalogue.views.${choice}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'projects' && <ProjectsPanel filter={filter} onFilter={onFilter} />}
      {view === 'taxonomy' && <TaxonomyPanel />}
      {view === 'files' && <FilesPanel />}
      {view === 'synonyms' && <SearchSynonymsPanel />}
    </ConsolePage>
  )
}
