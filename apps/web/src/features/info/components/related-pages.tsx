import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { INFO_PAGE_PATHS, INFO_PAGES } from '@pg/shared/storefront/names'
import { useStorefront } from '../../../lib/storefront-content'

/** Links to the other information pages, so every policy is one step from any of them. */
export function RelatedPages({ current }: { current: string }) {
  const { t } = useTranslation()
  const { pages } = useStorefront()
  return (
    <nav aria-labelledby="related-heading" className="mt-12 border-t border-slate-200 pt-8">
      <h2 id="related-heading" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
        {t('info.related')}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-3">
        {INFO_PAGES.filter((key) => INFO_PAGE_PATHS[key] !== current).map((key) => (
          <li key={key}>
            <Link
              to={INFO_PAGE_PATHS[key]}
              className="inline-flex rounded-full bg-slate-100 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-200"
            >
              {pages[key].title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
