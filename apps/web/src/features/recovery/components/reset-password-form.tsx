import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pg/shared/constants'
import { Button, ButtonLink } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/icons'
import { useCompleteRecovery } from '../api/complete-recovery'
import {
  checkNewPassword,
  recoveryFailure,
  type PasswordProblem,
  type RecoveryFailure,
  type ResetLink,
} from '../reset-link'
import { fieldClass } from '../../../components/ui/field'
import { linkClass } from './recovery-page'

/** A link that is missing, malformed, expired or already used: say so and offer a new one. */
function InvalidLink({ focus }: { focus: boolean }) {
  const { t } = useTranslation()
  const message = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (focus) message.current?.focus()
  }, [focus])
  return (
    <div className="space-y-4">
      <p
        ref={message}
        tabIndex={-1}
        role="alert"
        className="flex items-start gap-2 font-medium text-red-700 outline-none"
      >
        <AlertIcon className="mt-1 size-4 shrink-0" />
        <span>{t('recovery.errors.invalidLink')}</span>
      </p>
      <ButtonLink to="/forgot-password" className="w-full">
        {t('recovery.errors.requestNew')}
      </ButtonLink>
    </div>
  )
}

/** The new password, twice; success sends the member to sign in with it. */
export function ResetPasswordForm({ link, now }: { link: ResetLink | null; now: number }) {
  const { t } = useTranslation()
  const complete = useCompleteRecovery()
  const [problem, setProblem] = useState<PasswordProblem | null>(null)
  const [failure, setFailure] = useState<RecoveryFailure | null>(null)
  const status = useRef<HTMLDivElement>(null)
  const password = useRef<HTMLInputElement>(null)
  const problemId = useId()

  useEffect(() => {
    if (complete.isSuccess || (failure && failure !== 'invalidLink')) status.current?.focus()
  }, [complete.isSuccess, failure])

  if (!link || (link.expiresAt !== null && link.expiresAt <= now)) return <InvalidLink focus={false} />
  if (failure === 'invalidLink' || failure === 'blocked') return <InvalidLink focus />
  const { userId, secret } = link

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const chosen = String(form.get('password') ?? '')
    const found = checkNewPassword(chosen, String(form.get('confirmation') ?? ''))
    setProblem(found)
    setFailure(null)
    if (found) {
      password.current?.focus()
      return
    }
    complete.mutate(
      { userId, secret, password: chosen },
      {
        onError: (error) => {
          console.error('Password reset error', error)
          setFailure(recoveryFailure(error))
        },
      },
    )
  }

  if (complete.isSuccess) {
    return (
      <div ref={status} tabIndex={-1} aria-live="polite" className="space-y-4 outline-none">
        <p className="rounded-lg bg-green-50 p-4 text-sm font-medium text-green-900 ring-1 ring-green-200">
          {t('recovery.done')}
        </p>
        <ButtonLink to="/login" size="lg" className="w-full">
          {t('recovery.signIn')}
        </ButtonLink>
      </div>
    )
  }

  const problemText = problem
    ? t(`recovery.errors.${problem}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })
    : failure === 'weakPassword'
      ? t('recovery.errors.common')
      : null

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5" aria-busy={complete.isPending}>
      <div>
        <label htmlFor="reset-password" className="block text-sm font-medium text-slate-800">
          {t('recovery.password')}
        </label>
        <input
          ref={password}
          id="reset-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          aria-invalid={problemText ? true : undefined}
          aria-describedby={`${problemId}-hint${problemText ? ` ${problemId}` : ''}`}
          className={fieldClass}
        />
        <p id={`${problemId}-hint`} className="mt-2 text-sm text-slate-600">
          {t('recovery.hint', { min: PASSWORD_MIN_LENGTH })}
        </p>
      </div>
      <div>
        <label htmlFor="reset-confirmation" className="block text-sm font-medium text-slate-800">
          {t('recovery.confirm')}
        </label>
        <input
          id="reset-confirmation"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={problem === 'mismatch' ? true : undefined}
          className={fieldClass}
        />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={complete.isPending}>
        {complete.isPending ? t('recovery.saving') : t('recovery.save')}
      </Button>
      <div ref={status} tabIndex={-1} aria-live="polite" className="outline-none">
        {(problemText || (failure && failure !== 'weakPassword')) && (
          <p id={problemId} role="alert" className="flex items-start gap-2 text-sm font-medium text-red-700">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <span>
              {problemText ?? t(failure === 'tooMany' ? 'recovery.errors.tooMany' : 'recovery.errors.failed')}
            </span>
          </p>
        )}
      </div>
      <p className="text-center text-sm">
        <Link to="/login" className={linkClass}>
          {t('recovery.backToLogin')}
        </Link>
      </p>
    </form>
  )
}
