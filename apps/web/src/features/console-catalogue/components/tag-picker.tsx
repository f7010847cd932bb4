import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TaxonomyEntry } from '../api/catalogue-taxonomy'
import { inputClass } from '../../../components/console/form-field'

/** The project's tags: the chosen ones first, the rest found by typing part of a name. */
export function TagPicker({
  tags,
  chosen,
  onChange,
}: {
  tags: TaxonomyEntry[]
  chosen: string[]
  onChange: (tagIds: string[]) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const [filter, setFilter] = useState('')
  const wanted = filter.trim().toLocaleLowerCase()
  const shown = tags.filter(
    (tag) => chosen.includes(tag.id) || (wanted !== '' && tag.name.toLocaleLowerCase().includes(wanted)),
  )
  const toggle = (tagId: string, on: boolean) =>
    onChange(on ? [...chosen, tagId] : chosen.filter((held) => held !== tagId))
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">
        {t('consoleCatalogue.form.tags', { count: chosen.length })}
      </legend>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {t('consoleCatalogue.form.findTag')}
      </label>
      <input
        id={id}
        type="search"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        className={inputClass}
      />
      <ul className="flex max-h-48 flex-wrap gap-2 overflow-y-auto py-1">
        {shown.map((tag) => (
          <li key={tag.id}>
            <label className="inline-flex min-h-8 cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
              <input
                type="checkbox"
                checked={chosen.includes(tag.id)}
                onChange={(event) => toggle(tag.id, event.target.checked)}
                className="size-4"
              />
              {tag.name}
            </label>
          </li>
        ))}
      </ul>
      {wanted !== '' && shown.length === chosen.length && (
        <p className="text-sm text-slate-600">{t('consoleCatalogue.form.noTagFound')}</p>
      )}
    </fieldset>
  )
}
