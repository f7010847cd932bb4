import { useEffect } from 'react'
import { Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useStorefrontVisit } from '../../features/storefront/use-storefront-visit'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** Every page: skip link, navigation bar, the page itself and the footer. */
export function RootLayout() {
  const { t } = useTranslation()
  useStorefrontVisit()
  // Marks the moment React owns the page (a prerendered page is hydrated after its first paint), and
  // answers (the landing page's island says `interactive` alone).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    document.documentElement.dataset.interactive = 'true'
  }, [])
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-blue-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('app.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
