import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { inputClass, labelClass } from '../../../components/console/form-field'
import { Button } from '../../../components/ui/button'
import { consoleErrorText } from '../../../lib/console/console-error'
import { searchProjects } from '../api/catalogue-projects'

/** Finds catalogue projects by their words (the catalogue's own search) and adds one to the carousel. */
export function ProjectPicker({
  full,
  chosen,
  onPick,
}: {
  full: boolean
  chosen: string[]
  onPick: (projectId: string) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const [words, setWords] = useState('')
  const [said, setSaid] = useState('')
  const search = useMutation({ mutationFn: searchProjects })
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h4 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('consoleStorefront.carousel.pickTitle')}
      </h4>
      <form
        role="search"
        aria-labelledby={`${id}-title`}
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (words.trim()) search.mutate(words.trim())
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-words`} className={labelClass}>
            {t('consoleStorefront.carousel.searchLabel')}
          </label>
          <input
            id={`${id}-words`}
            type="search"
            value={words}
            onChange={(event) => setWords(event.target.value)}
            className={inputClass}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={search.isPending}>
          {t('console.common.search')}
        </Button>
      </form>
      {search.isError && (
        <p role="alert" className="text-sm text-red-700">
          {consoleErrorText(search.error, t)}
        </p>
      )}
      {search.data && search.data.length === 0 && (
        <p className="text-sm text-slate-600">{t('consoleStorefront.carousel.noResults')}</p>
      )}
      {search.data && search.data.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {search.data.map((project) => {
            const added = chosen.includes(project.$id)
            return (
              <li key={project.$id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{project.title}</p>
                  {project.subtitle && <p className="text-sm text-slate-600">{project.subtitle}</p>}
                </div>
                <Button
                  variant="secondary"
                  disabled={full || added}
                  onClick={() => {
                    onPick(project.$id)
                    setSaid(t('consoleStorefront.carousel.picked', { title: project.title }))
                  }}
                >
                  {added ? t('consoleStorefront.carousel.alreadyIn') : t('consoleStorefront.carousel.add')}
                  <span className="sr-only"> {project.title}</span>
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      <p role="status" className="sr-only">
        {said}
      </p>
    </section>
  )
}
