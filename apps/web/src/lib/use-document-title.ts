import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** Sets the tab title to "<page> · Projects Gallery", or the site name alone without a page. */
export function useDocumentTitle(page?: string): void {
  const { t } = useTranslation()
  const site = t('app.name')
  useEffect(() => {
    document.title = page ? `${page} · ${site}` : site
  }, [page, site])
}
