import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'

const pages = [
  { path: '/who-we-are', key: 'whoWeAre' },
  { path: '/legal-terms', key: 'legalTerms' },
  { path: '/privacy-policy', key: 'privacyPolicy' },
  { path: '/refund-policy', key: 'refundPolicy' },
  { path: '/faq', key: 'faq' },
] as const

/** Links to the other information pages, so every policy is one step from any of them. */
export function RelatedPages({ current }: { current: string }) {
  const { t } = useTranslation()
  return (
    <nav aria-labelledby="related-heading" className="mt-12 border-t border-slate-200 pt-8">
      <h2 id="related-heading" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
        {t('info.related')}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-3">
        {pages
          .filter((page) => page.path !== current)
          .map((page) => (
            <li key={page.path}>
              <Link
                to={page.path}
                className="inline-flex rounded-full bg-slate-100 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-200"
              >
                {t(`info.${page.key}.title`)}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  )
}
