import { useEffect, useRef, useState } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { EmailSignIn } from '../features/auth/components/email-sign-in'
import { LoginForm } from '../features/auth/components/login-form'
import { SecondFactorStep } from '../features/auth/components/second-factor-step'
import { Button } from '../components/ui/button'
import { DEFAULT_AFTER_LOGIN, safeNextPath } from '../features/auth/next-path'
import { useSession } from '../features/auth/session-context'
import { LogoMark } from '../components/ui/icons'
import { usePageTitle, useSupportEmail } from '../lib/storefront-content'
import { useHydrated } from '../lib/use-hydrated'

/**
 * Signing in, with the password or with an emailed link or code (issue 31), then, for a member with
 * two-step verification on, a code from their app or a recovery code (issue 43); having been signed in
 * already leads to `next` (when safe) or the dashboard.
 */
export function LoginRoute() {
  const { t } = useTranslation()
  const { status, signOut } = useSession()
  const [params] = useSearchParams()
  const supportEmail = useSupportEmail()
  const [byEmail, setByEmail] = useState(false)
  const hydrated = useHydrated()
  // After a switch between the two ways, the first field of the one shown has the focus.
  const switched = useRef(false)
  useEffect(() => {
    if (!switched.current) return
    document.getElementById(byEmail ? 'sign-in-email' : 'login-email')?.focus()
  }, [byEmail])
  // Back from the second step (its "Cancel" signs out), the form it came from has the focus again.
  const atSecondStep = useRef(false)
  useEffect(() => {
    if (status === 'secondFactor') atSecondStep.current = true
    else if (atSecondStep.current && status === 'signedOut') {
      atSecondStep.current = false
      document.getElementById(byEmail ? 'sign-in-email' : 'login-email')?.focus()
    }
  }, [status, byEmail])
  usePageTitle('/login')

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
          {status === 'secondFactor' ? (
            <SecondFactorStep onCancel={signOut} />
          ) : (
            <SignInWays
              byEmail={byEmail}
              supportEmail={supportEmail}
              hydrated={hydrated}
              onSwitch={() => {
                switched.current = true
                setByEmail((shown) => !shown)
              }}
            />
          )}
        </div>
      </div>
    </div>
  )
}

/** The password form or the emailed link's, and the button that switches between them. */
function SignInWays({
  byEmail,
  supportEmail,
  hydrated,
  onSwitch,
}: {
  byEmail: boolean
  supportEmail: string
  hydrated: boolean
  onSwitch: () => void
}) {
  const { t } = useTranslation()
  return (
    <>
      {byEmail ? (
        <>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">{t('emailSignIn.heading')}</h2>
          <EmailSignIn supportEmail={supportEmail} />
        </>
      ) : (
        <LoginForm supportEmail={supportEmail} />
      )}
      <div className="mt-6 flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t('emailSignIn.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button variant="secondary" size="lg" className="mt-6 w-full" disabled={!hydrated} onClick={onSwitch}>
        {byEmail ? t('emailSignIn.usePassword') : t('emailSignIn.open')}
      </Button>
    </>
  )
}
