import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/icons'
import { useRequestRecovery } from '../api/request-recovery'
import { recoveryFailure } from '../reset-link'
import { fieldClass } from '../../../components/ui/field'
import { linkClass } from './recovery-page'
import { AppwriteException } from 'appwrite'
import { retryAfterSeconds, waitMinutes } from '../../../lib/retry-after'

/**
 * Asks for the account's email and always gives the same answer (no account enumeration): only a
 * limit or a network failure is reported differently.
 */
export function ForgotPasswordForm() {
  const { t, i18n } = useTranslation()
  const request = useRequestRecovery()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const status = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (sentTo !== null || request.isError) status.current?.focus()
  }, [sentTo, request.isError])

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = new FormData(event.currentTarget).get('email')
    if (typeof email !== 'string') return
    request.mutate(
      { email, language: i18n.language },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => console.error('Password recovery request error', error),
      },
    )
  }

  const failure = request.isError ? recoveryFailure(request.error) : null
  // The store's email limits (issue 40) say how long to wait.
  const wait = request.error instanceof AppwriteException ? retryAfterSeconds(request.error.response) : null

  return (
    <div className="space-y-5">
      {sentTo === null && (
        <form onSubmit={handleSubmit} className="space-y-5" aria-busy={request.isPending}>
          <div>
            <label htmlFor="recovery-email" className="block text-sm font-medium text-slate-800">
              {t('recovery.email')}
            </label>
            <input
              id="recovery-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              className={fieldClass}
            />
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending ? t('recovery.sending') : t('recovery.send')}
          </Button>
        </form>
      )}
      <div ref={status} tabIndex={-1} aria-live="polite" className="outline-none">
        {sentTo !== null && (
          <div className="space-y-2 rounded-lg bg-green-50 p-4 text-sm text-green-900 ring-1 ring-green-200">
            <p className="font-medium">{t('recovery.sent', { email: sentTo })}</p>
            <p>{t('recovery.sentHint')}</p>
          </div>
        )}
        {failure && (
          <p role="alert" className="flex items-start gap-2 text-sm font-medium text-red-700">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <span>
              {failure !== 'tooMany'
                ? t('recovery.errors.failed')
                : wait === null
                  ? t('recovery.errors.tooMany')
                  : t('recovery.errors.emailsTooMany', { count: waitMinutes(wait) })}
            </span>
          </p>
        )}
      </div>
      <p className="text-center text-sm">
        <Link to="/login" className={linkClass}>
          {t('recovery.backToLogin')}
        </Link>
      </p>
    </div>
  )
}
