import { isRouteErrorResponse, useRouteError } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, buttonClass } from '../components/ui/button'
import { MessagePage } from '../components/ui/message-page'
import { useDocumentTitle } from '../lib/use-document-title'
import { NotFoundRoute } from '../routes/not-found'

function ErrorMessage() {
  const { t } = useTranslation()
  useDocumentTitle(t('error.title'))
  return (
    <MessagePage
      title={t('error.title')}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
          {/* A plain link: after an error the router itself may be what failed. */}
          <a href="/" className={buttonClass('secondary')}>
            {t('error.backHome')}
          </a>
        </>
      }
    >
      <p>{t('error.message')}</p>
    </MessagePage>
  )
}

/** A page failed (or its code could not be loaded): the navigation bar and footer stay. */
export function PageErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />
  return <ErrorMessage />
}

/** The layout itself failed: a bare page with a way out. */
export function RootErrorBoundary() {
  return (
    <main id="main" className="min-h-dvh bg-slate-50">
      <ErrorMessage />
    </main>
  )
}
