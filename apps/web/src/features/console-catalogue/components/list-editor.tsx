import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { inputClass } from '../../../components/console/form-field'
import type { DraftErrors, LinkDraft } from '../model/project-draft'

const removeClass =
  'inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50'

/** A project's links as an editable list: a title and an address each, errors under the item. */
export function LinksEditor({
  links,
  errors,
  onChange,
}: {
  links: LinkDraft[]
  errors: DraftErrors
  onChange: (links: LinkDraft[]) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const set = (index: number, change: Partial<LinkDraft>) =>
    onChange(links.map((link, at) => (at === index ? { ...link, ...change } : link)))
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{t('consoleCatalogue.form.links')}</legend>
      {errors.links && <p className="text-sm text-red-700">{errors.links}</p>}
      {links.length === 0 && <p className="text-sm text-slate-600">{t('consoleCatalogue.form.noLinks')}</p>}
      <ol className="space-y-3">
        {links.map((link, index) => {
          const titleError = errors[`links.${index}.title`]
          const urlError = errors[`links.${index}.url`]
          return (
            <li key={index} className="rounded-lg border border-slate-200 p-3">
              <div className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
                <div>
                  <label
                    htmlFor={`${id}-${index}-title`}
                    className="block text-xs font-medium text-slate-700"
                  >
                    {t('consoleCatalogue.form.linkTitle', { number: index + 1 })}
                  </label>
                  <input
                    id={`${id}-${index}-title`}
                    value={link.title}
                    aria-invalid={titleError ? true : undefined}
                    aria-describedby={titleError ? `${id}-${index}-title-error` : undefined}
                    onChange={(event) => set(index, { title: event.target.value })}
                    className={inputClass}
                  />
                  {titleError && (
                    <p id={`${id}-${index}-title-error`} className="mt-1 text-sm text-red-700">
                      {titleError}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor={`${id}-${index}-url`} className="block text-xs font-medium text-slate-700">
                    {t('consoleCatalogue.form.linkUrl', { number: index + 1 })}
                  </label>
                  <input
                    id={`${id}-${index}-url`}
                    type="url"
                    inputMode="url"
                    value={link.url}
                    aria-invalid={urlError ? true : undefined}
                    aria-describedby={urlError ? `${id}-${index}-url-error` : undefined}
                    onChange={(event) => set(index, { url: event.target.value })}
                    className={inputClass}
                  />
                  {urlError && (
                    <p id={`${id}-${index}-url-error`} className="mt-1 text-sm text-red-700">
                      {urlError}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className={`${removeClass} sm:mt-5`}
                  onClick={() => onChange(links.filter((_, at) => at !== index))}
                >
                  {t('consoleCatalogue.form.removeLink', { number: index + 1 })}
                </button>
              </div>
            </li>
          )
        })}
      </ol>
      <Button variant="secondary" onClick={() => onChange([...links, { title: '', url: '' }])}>
        {t('consoleCatalogue.form.addLink')}
      </Button>
    </fieldset>
  )
}

/** The demonstration cases as an editable list of texts. */
export function CasesEditor({
  cases,
  errors,
  onChange,
}: {
  cases: string[]
  errors: DraftErrors
  onChange: (cases: string[]) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{t('consoleCatalogue.form.cases')}</legend>
      {errors.demonstrationCases && <p className="text-sm text-red-700">{errors.demonstrationCases}</p>}
      {cases.length === 0 && <p className="text-sm text-slate-600">{t('consoleCatalogue.form.noCases')}</p>}
      <ol className="space-y-3">
        {cases.map((item, index) => {
          const error = errors[`demonstrationCases.${index}`]
          return (
            <li key={index} className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start">
              <div>
                <label htmlFor={`${id}-${index}`} className="block text-xs font-medium text-slate-700">
                  {t('consoleCatalogue.form.caseLabel', { number: index + 1 })}
                </label>
                <textarea
                  id={`${id}-${index}`}
                  rows={2}
                  value={item}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-${index}-error` : undefined}
                  onChange={(event) =>
                    onChange(cases.map((old, at) => (at === index ? event.target.value : old)))
                  }
                  className={inputClass}
                />
                {error && (
                  <p id={`${id}-${index}-error`} className="mt-1 text-sm text-red-700">
                    {error}
                  </p>
                )}
              </div>
              <button
                type="button"
                className={`${removeClass} sm:mt-5`}
                onClick={() => onChange(cases.filter((_, at) => at !== index))}
              >
                {t('consoleCatalogue.form.removeCase', { number: index + 1 })}
              </button>
            </li>
          )
        })}
      </ol>
      <Button variant="secondary" onClick={() => onChange([...cases, ''])}>
        {t('consoleCatalogue.form.addCase')}
      </Button>
    </fieldset>
  )
}
