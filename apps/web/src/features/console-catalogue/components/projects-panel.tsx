import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConsoleTable } from '../../../components/console/console-table'
import { Button } from '../../../components/ui/button'
import { consoleErrorText } from '../../../lib/console/console-error'
import { ConfirmDialog } from '../../../components/console/confirm-dialog'
import { LoadState } from '../../../components/console/console-page'
import { inputClass } from '../../../components/console/form-field'
import { useNotify } from '../../../components/console/notice'
import { Pager } from '../../../components/console/pager'
import {
  deleteProject,
  listProjectRows,
  PROJECTS_PER_PAGE,
  type ProjectFilter,
  type ProjectRow,
  type ProjectSort,
} from '../api/catalogue-projects'
import { catalogueKey, useCatalogueChanged, useTaxonomy } from '../hooks'
import { ProjectEditor } from './project-editor'

const SORTS: ProjectSort[] = ['newest', 'updated', 'az']

/** The projects table: search, category, tag and order, a page at a time; create, edit and delete. */
export function ProjectsPanel({
  filter,
  onFilter,
}: {
  filter: ProjectFilter
  onFilter: (change: Partial<ProjectFilter>) => void
}) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const notify = useNotify()
  const changed = useCatalogueChanged()
  const categories = useTaxonomy('categories')
  const tags = useTaxonomy('tags')
  const [search, setSearch] = useState(filter.search)
  const [editing, setEditing] = useState<string | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<ProjectRow | null>(null)
  const page = useQuery({
    queryKey: [...catalogueKey, 'projects', filter],
    queryFn: () => listProjectRows(filter),
    placeholderData: keepPreviousData,
  })
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <form
          role="search"
          className="flex flex-1 items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            onFilter({ search, offset: 0 })
          }}
        >
          <div className="flex-1">
            <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-800">
              {t('consoleCatalogue.projects.search')}
            </label>
            <input
              id={`${id}-search`}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className={inputClass}
            />
          </div>
          <Button type="submit" variant="secondary">
            {t('console.common.search')}
          </Button>
        </form>
        <div>
          <label htmlFor={`${id}-category`} className="block text-sm font-medium text-slate-800">
            {t('consoleCatalogue.projects.category')}
          </label>
          <select
            id={`${id}-category`}
            value={filter.categoryId}
            onChange={(event) => onFilter({ categoryId: event.target.value, offset: 0 })}
            className={inputClass}
          >
            <option value="">{t('console.common.all')}</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-tag`} className="block text-sm font-medium text-slate-800">
            {t('consoleCatalogue.projects.tag')}
          </label>
          <select
            id={`${id}-tag`}
            value={filter.tagId}
            onChange={(event) => onFilter({ tagId: event.target.value, offset: 0 })}
            className={inputClass}
          >
            <option value="">{t('console.common.all')}</option>
            {(tags.data ?? []).map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-slate-800">
            {t('consoleCatalogue.projects.sort')}
          </label>
          <select
            id={`${id}-sort`}
            value={filter.sort}
            disabled={filter.search.trim() !== ''}
            onChange={(event) => onFilter({ sort: event.target.value as ProjectSort, offset: 0 })}
            className={inputClass}
          >
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`consoleCatalogue.projects.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => setEditing(null)}>{t('consoleCatalogue.projects.create')}</Button>
      </div>

      {page.data ? (
        <>
          <ConsoleTable
            caption={t('consoleCatalogue.projects.caption', { count: page.data.total })}
            columns={[
              { label: t('consoleCatalogue.projects.columns.title') },
              { label: t('consoleCatalogue.projects.columns.author') },
              { label: t('consoleCatalogue.projects.columns.category') },
              { label: t('consoleCatalogue.projects.columns.updated') },
              { label: t('console.common.actions'), hidden: true },
            ]}
            items={page.data.rows}
            busy={page.isFetching}
            empty={t('consoleCatalogue.projects.none')}
            row={(row) => (
              <tr key={row.id}>
                <th scope="row" className="max-w-xs px-4 py-3 text-left font-medium text-slate-900">
                  {row.title}
                </th>
                <td className="px-4 py-3 text-slate-700">{row.author}</td>
                <td className="px-4 py-3 text-slate-700">{row.category}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  {dates.format(new Date(row.updatedAt))}
                </td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(row.id)}
                      aria-label={t('consoleCatalogue.projects.editNamed', { title: row.title })}
                    >
                      {t('consoleCatalogue.projects.edit')}
                    </Button>
                    <Button
                      variant="secondary"
                      className="text-red-700"
                      onClick={() => setDeleting(row)}
                      aria-label={t('consoleCatalogue.projects.deleteNamed', { title: row.title })}
                    >
                      {t('consoleCatalogue.projects.delete')}
                    </Button>
                  </div>
                </td>
              </tr>
            )}
          />
          <Pager
            offset={filter.offset}
            limit={PROJECTS_PER_PAGE}
            total={page.data.total}
            onOffset={(offset) => onFilter({ offset })}
            label={t('consoleCatalogue.projects.pages')}
          />
        </>
      ) : (
        <LoadState query={page} />
      )}

      {editing !== undefined && <ProjectEditor projectId={editing} onClose={() => setEditing(undefined)} />}
      {deleting && (
        <ConfirmDialog
          title={t('consoleCatalogue.projects.deleteTitle')}
          confirmLabel={t('consoleCatalogue.projects.delete')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await deleteProject(deleting.id)
              await changed()
              notify('success', t('consoleCatalogue.projects.deleted', { title: deleting.title }))
            } catch (error) {
              notify('error', consoleErrorText(error, t))
            }
          }}
        >
          {t('consoleCatalogue.projects.deleteText', { title: deleting.title })}
        </ConfirmDialog>
      )}
    </div>
  )
}
