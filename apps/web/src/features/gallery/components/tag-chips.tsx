import { useTranslation } from 'react-i18next'
import type { FilterOption } from '../api/list-filters'

/** Up to 25 tags, most used first; each is a toggle button (one tag at a time). */
export function TagChips({
  tags,
  selected,
  onToggle,
}: {
  tags: FilterOption[]
  selected: string | null
  onToggle: (tagId: string) => void
}) {
  const { t } = useTranslation()
  if (tags.length === 0) return null
  return (
    <div
      role="group"
      aria-label={t('gallery.tagsLabel')}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
    >
      {tags.map((tag) => {
        const pressed = tag.id === selected
        return (
          <button
            key={tag.id}
            type="button"
            aria-pressed={pressed}
            onClick={() => onToggle(tag.id)}
            className={
              'shrink-0 rounded-full px-3 py-1 text-sm font-medium transition-colors ' +
              (pressed
                ? 'bg-blue-600 text-white hover:bg-blue-700'
                : 'bg-slate-100 text-slate-700 ring-1 ring-slate-200 ring-inset hover:bg-slate-200')
            }
          >
            {tag.name}
          </button>
        )
      })}
    </div>
  )
}
