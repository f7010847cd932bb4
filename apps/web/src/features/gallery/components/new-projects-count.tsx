import { useTranslation } from 'react-i18next'
import { useNews } from '../hooks/use-news'

/**
 * How many projects were added since the member's previous visit, on the menu's Search link (issue 32):
 * a badge for the eye and the same words for a screen reader. Nothing when there are none.
 */
export function NewProjectsCount() {
  const { t } = useTranslation()
  const total = useNews().news?.total ?? 0
  if (total === 0) return null
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-blue-700 px-1.5 text-xs font-semibold text-white"
      >
        {total > 99 ? '99+' : total}
      </span>
      <span className="sr-only">{t('nav.newProjects', { count: total })}</span>
    </>
  )
}
