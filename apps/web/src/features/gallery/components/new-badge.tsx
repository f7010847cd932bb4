import { useTranslation } from 'react-i18next'

/** Marks a project added to the catalogue in the last 30 days (decision 029). */
export function NewBadge() {
  const { t } = useTranslation()
  return (
    <span className="inline-flex rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset">
      {t('gallery.newBadge')}
    </span>
  )
}
