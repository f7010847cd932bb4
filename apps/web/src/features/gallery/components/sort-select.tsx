import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { SORT_CHOICES, type SortChoice } from '../model/sort'

/**
 * How the cards are ordered (decision 029). The first option is no choice: relevance while searching,
 * catalogue order otherwise.
 */
export function SortSelect({
  value,
  searching,
  onChange,
}: {
  value: SortChoice | null
  searching: boolean
  onChange: (sort: SortChoice | null) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const labels: Record<SortChoice, string> = { newest: t('gallery.sortNewest'), az: t('gallery.sortAz') }
  return (
    <div className="flex items-center gap-2 sm:w-56">
      <label htmlFor={id} className="sr-only">
        {t('gallery.sortLabel')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(SORT_CHOICES.find((choice) => choice === event.target.value) ?? null)}
        className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-8 pl-3 text-slate-900 shadow-sm focus:border-blue-600"
      >
        <option value="">{searching ? t('gallery.sortRelevance') : t('gallery.sortCatalogue')}</option>
        {SORT_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </select>
    </div>
  )
}
