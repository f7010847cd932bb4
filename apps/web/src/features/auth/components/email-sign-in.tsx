import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { fieldClass, labelClass } from '../../../components/ui/field'
import { AlertIcon } from '../../../components/ui/icons'
import { requestSignInEmail } from '../api/request-sign-in-email'
import { loginFailure } from '../login-failure'
import { useSession } from '../session-context'
import { emailLimitWait, signInEmailFailure, type SignInEmailFailure } from '../sign-in-email-failure'
import { isCode, typedCode } from '../../../lib/one-time-code'
import { waitMinutes } from '../../../lib/retry-after'
import { BlockedNotice } from './blocked-notice'
import type { BlockedReason } from '@pg/shared/purchase'

type Problem =
  SignInEmailFailure | 'codeFormat' | { blocked: BlockedReason | null } | { emailsWaitSeconds: number }

/**
 * Signing in without a password (issue 31): the member types their email and gets a link and a 6-digit
 * code; the code is typed here, the link opens anywhere. The answer is the same for every email.
 */
export function EmailSignIn({ supportEmail }: { supportEmail: string }) {
  const { t, i18n } = useTranslation()
  const { signInWithToken } = useSession()
  const [sent, setSent] = useState<{ email: string; userId: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  const status = useRef<HTMLDivElement>(null)
  const codeHintId = useId()
  const problemId = useId()

  useEffect(() => {
    if (sent) status.current?.focus()
  }, [sent])

  async function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = new FormData(event.currentTarget).get('email')
    if (typeof email !== 'string') return
    setBusy(true)
    setProblem(null)
    try {
      const { userId } = await requestSignInEmail({ email, language: i18n.language })
      setSent({ email, userId })
    } catch (error) {
      console.error('Sign-in email request error', error)
      const wait = emailLimitWait(error)
      setProblem(wait === null ? signInEmailFailure(error) : { emailsWaitSeconds: wait })
    } finally {
      setBusy(false)
    }
  }

  async function enter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!sent) return
    const raw = new FormData(event.currentTarget).get('code')
    const code = typeof raw === 'string' ? typedCode(raw) : ''
    if (!isCode(code)) {
      setProblem('codeFormat')
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await signInWithToken(sent.userId, code)
    } catch (error) {
      console.error('Sign-in code error', error)
      const failure = loginFailure(error)
      setProblem(failure.kind === 'blocked' ? { blocked: failure.reason } : signInEmailFailure(error))
      setBusy(false)
    }
  }

  const problemText =
    problem === null || typeof problem === 'object'
      ? problem !== null && 'emailsWaitSeconds' in problem
        ? t('emailSignIn.errors.emailsTooMany', { count: waitMinutes(problem.emailsWaitSeconds) })
        : null
      : t(`emailSignIn.errors.${problem}`)
  const problemNote = problem !== null && (
    <p id={problemId} role="alert" className="flex items-start gap-2 text-sm font-medium text-red-700">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      {typeof problem === 'object' && 'blocked' in problem ? (
        <BlockedNotice reason={problem.blocked} supportEmail={supportEmail} />
      ) : (
        <span>{problemText}</span>
      )}
    </p>
  )

  if (!sent)
    return (
      <form onSubmit={ask} className="space-y-5" aria-busy={busy}>
        <p className="text-sm text-slate-600">{t('emailSignIn.intro')}</p>
        <div>
          <label htmlFor="sign-in-email" className={labelClass}>
            {t('emailSignIn.email')}
          </label>
          <input
            id="sign-in-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            className={fieldClass}
          />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? t('emailSignIn.sending') : t('emailSignIn.send')}
        </Button>
        {problemNote}
      </form>
    )

  return (
    <div className="space-y-5">
      <div
        ref={status}
        tabIndex={-1}
        aria-live="polite"
        className="space-y-2 rounded-lg bg-green-50 p-4 text-sm text-green-900 ring-1 ring-green-200 outline-none"
      >
        <p className="font-medium">{t('emailSignIn.sent', { email: sent.email })}</p>
        <p>{t('emailSignIn.sentHint')}</p>
      </div>
      <form onSubmit={enter} className="space-y-5" aria-busy={busy} noValidate>
        <div>
          <label htmlFor="sign-in-code" className={labelClass}>
            {t('emailSignIn.code')}
          </label>
          <input
            id="sign-in-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            required
            aria-describedby={problem ? `${codeHintId} ${problemId}` : codeHintId}
            aria-invalid={problem === 'codeFormat' || problem === 'invalidCode'}
            className={`${fieldClass} tracking-[0.3em]`}
          />
          <p id={codeHintId} className="mt-1 text-sm text-slate-600">
            {t('emailSignIn.codeHint')}
          </p>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? t('emailSignIn.checkingCode') : t('emailSignIn.submitCode')}
        </Button>
        {problemNote}
      </form>
      <p className="text-center text-sm">
        <button
          type="button"
          onClick={() => {
            setSent(null)
            setProblem(null)
          }}
          className="font-medium text-blue-700 underline-offset-2 hover:underline"
        >
          {t('emailSignIn.again')}
        </button>
      </p>
    </div>
  )
}
