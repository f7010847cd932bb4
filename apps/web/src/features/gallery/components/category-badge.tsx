import { useTranslation } from 'react-i18next'
import { UNCATEGORIZED } from '@pg/shared/constants'
import type { ProjectCategory } from '../model/project'

export function CategoryBadge({ category }: { category: ProjectCategory }) {
  const { t } = useTranslation()
  return (
    <span className="inline-flex max-w-full truncate rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-800 ring-1 ring-blue-200 ring-inset">
      {category.id === UNCATEGORIZED.id ? t('gallery.uncategorized') : category.name}
    </span>
  )
}
