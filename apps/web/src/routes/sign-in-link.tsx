import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { z } from 'zod/mini'
import { Spinner } from '../components/ui/spinner'
import { AlertIcon } from '../components/ui/icons'
import { BlockedNotice } from '../features/auth/components/blocked-notice'
import { SecondFactorStep } from '../features/auth/components/second-factor-step'
import { loginFailure } from '../features/auth/login-failure'
import { DEFAULT_AFTER_LOGIN } from '../features/auth/next-path'
import { useSession } from '../features/auth/session-context'
import { useSupportEmail } from '../lib/storefront-content'
import { RecoveryPage } from '../features/recovery/components/recovery-page'
import { useDocumentTitle } from '../lib/use-document-title'
import type { BlockedReason } from '@pg/shared/purchase'

const linkSchema = z.object({
  userId: z.string().check(z.minLength(1), z.maxLength(36)),
  secret: z.string().check(z.minLength(1), z.maxLength(256)),
})

type Outcome = { kind: 'checking' } | { kind: 'invalid' } | { kind: 'blocked'; reason: BlockedReason | null }

/**
 * An emailed sign-in link (issue 31): its secret is exchanged for a session once, then the member is on
 * their dashboard, after a code from their app when two-step verification is on (issue 43). The address
 * is replaced at once, so the secret does not stay in the history.
 */
export function SignInLinkRoute() {
  const { t } = useTranslation()
  useDocumentTitle(t('emailLink.title'))
  const [params] = useSearchParams()
  const { status, signInWithToken, signOut } = useSession()
  const navigate = useNavigate()
  const supportEmail = useSupportEmail()
  const link = useRef(linkSchema.safeParse(Object.fromEntries(params)))
  const [outcome, setOutcome] = useState<Outcome>(() =>
    link.current.success ? { kind: 'checking' } : { kind: 'invalid' },
  )
  const tried = useRef(false)

  useEffect(() => {
    const parsed = link.current
    if (!parsed.success || tried.current) return
    tried.current = true
    history.replaceState(history.state, '', location.pathname)
    signInWithToken(parsed.data.userId, parsed.data.secret).catch((error: unknown) => {
      console.error('Sign-in link error', error)
      const failure = loginFailure(error)
      setOutcome(
        failure.kind === 'blocked' ? { kind: 'blocked', reason: failure.reason } : { kind: 'invalid' },
      )
    })
  }, [signInWithToken])

  if (status === 'signedIn') return <Navigate to={DEFAULT_AFTER_LOGIN} replace />
  if (status === 'secondFactor')
    return (
      <RecoveryPage heading={t('emailLink.title')} intro="">
        <SecondFactorStep
          onCancel={async () => {
            await signOut()
            await navigate('/login')
          }}
        />
      </RecoveryPage>
    )

  return (
    <RecoveryPage heading={t('emailLink.title')} intro="">
      {outcome.kind === 'checking' ? (
        <Spinner label={t('emailLink.checking')} />
      ) : (
        <div className="space-y-4">
          <p role="alert" className="flex items-start gap-2 text-sm font-medium text-red-700">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            {outcome.kind === 'blocked' ? (
              <BlockedNotice reason={outcome.reason} supportEmail={supportEmail} />
            ) : (
              <span>{t('emailLink.invalid')}</span>
            )}
          </p>
          <p className="text-center text-sm">
            <Link to="/login" className="font-medium text-blue-700 underline-offset-2 hover:underline">
              {t('emailLink.requestNew')}
            </Link>
          </p>
        </div>
      )}
    </RecoveryPage>
  )
}
