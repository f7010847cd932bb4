import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { FilterOption } from '../api/list-filters'

export function CategorySelect({
  categories,
  value,
  onChange,
}: {
  categories: FilterOption[]
  value: string | null
  onChange: (categoryId: string | null) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  // A category from a shared address that no longer exists still shows as chosen, under its id.
  const unknown = value !== null && !categories.some((category) => category.id === value)
  return (
    <div className="flex items-center gap-2 sm:w-64">
      <label htmlFor={id} className="sr-only">
        {t('gallery.categoryLabel')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-8 pl-3 text-slate-900 shadow-sm focus:border-blue-600"
      >
        <option value="">{t('gallery.allCategories')}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
        {unknown && <option value={value}>{value}</option>}
      </select>
    </div>
  )
}
