import { useTranslation } from 'react-i18next'
import { Button } from '../ui/button'

/** Previous / next over an offset-paged list, with where the owner is in it. */
export function Pager({
  offset,
  limit,
  total,
  onOffset,
  label,
}: {
  offset: number
  limit: number
  total: number
  onOffset: (offset: number) => void
  label: string
}) {
  const { t } = useTranslation()
  if (total === 0) return null
  const to = Math.min(offset + limit, total)
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        {t('console.common.pageRange', { from: offset + 1, to, total })}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - limit))}
        >
          {t('console.common.previous')}
        </Button>
        <Button variant="secondary" disabled={to >= total} onClick={() => onOffset(offset + limit)}>
          {t('console.common.next')}
        </Button>
      </div>
    </nav>
  )
}
