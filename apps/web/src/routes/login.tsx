import { Navigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { LoginForm } from '../features/auth/components/login-form'
import { DEFAULT_AFTER_LOGIN, safeNextPath } from '../features/auth/next-path'
import { useSession } from '../features/auth/session-context'
import { useSupportEmail } from '../features/info/contact'
import { LogoMark } from '../components/ui/icons'
import { useDocumentTitle } from '../lib/use-document-title'

/** Signing in, or having been signed in already, leads to `next` (when safe) or the dashboard. */
export function LoginRoute() {
  const { t } = useTranslation()
  const { status } = useSession()
  const [params] = useSearchParams()
  const supportEmail = useSupportEmail()
  useDocumentTitle(t('login.title'))

  if (status === 'signedIn')
    return <Navigate to={safeNextPath(params.get('next')) ?? DEFAULT_AFTER_LOGIN} replace />

  return (
    <div className="flex justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-md">
        <div className="text-center">
          <LogoMark className="mx-auto size-12 text-blue-600" />
          <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('login.heading')}
          </h1>
          <p className="mt-2 text-slate-600">{t('login.intro')}</p>
        </div>
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <LoginForm supportEmail={supportEmail} />
        </div>
      </div>
    </div>
  )
}
