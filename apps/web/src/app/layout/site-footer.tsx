import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useStorefront } from '../../lib/storefront-content'

const links = [
  { to: '/', key: 'footer.welcome' },
  { to: '/products', key: 'footer.products' },
  { to: '/who-we-are', key: 'footer.whoWeAre' },
  { to: '/legal-terms', key: 'footer.legalTerms' },
  { to: '/privacy-policy', key: 'footer.privacyPolicy' },
  { to: '/refund-policy', key: 'footer.refundPolicy' },
  { to: '/faq', key: 'footer.faq' },
] as const

export function SiteFooter() {
  const { t } = useTranslation()
  const holder = useStorefront().store.copyrightHolder
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8">
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-3 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded text-slate-600 hover:text-slate-900 hover:underline">
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-slate-600">
          {t('footer.copyright', { year: new Date().getFullYear(), holder })}
        </p>
      </div>
    </footer>
  )
}
