import type { TFunction } from 'i18next'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { fieldClass, labelClass } from '../../../components/ui/field'
import { AlertIcon } from '../../../components/ui/icons'
import { useHydrated } from '../../../lib/use-hydrated'
import { loginFailure, type LoginFailure } from '../login-failure'
import { useSession } from '../session-context'
import { BlockedNotice } from './blocked-notice'
import { waitMinutes } from '../../../lib/retry-after'

/**
 * Email and password sign-in; once signed in, the login route takes the member onwards. A blocked
 * member is told why and how to reach support (`supportEmail`).
 */
export function LoginForm({ supportEmail }: { supportEmail: string }) {
  const { t } = useTranslation()
  const { signIn } = useSession()
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<LoginFailure | null>(null)
  const errorId = useId()
  // Prerendered: until hydrated, a submit would send the form natively (credentials in the address).
  const hydrated = useHydrated()

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const email = form.get('email')
    const password = form.get('password')
    if (typeof email !== 'string' || typeof password !== 'string') return
    setSubmitting(true)
    setError(null)
    try {
      await signIn(email, password)
    } catch (failure) {
      console.error('Login error', failure)
      setError(loginFailure(failure))
      setSubmitting(false)
    }
  }

  return (
    <form
      onSubmit={handleSubmit}
      className="space-y-5"
      aria-describedby={error ? errorId : undefined}
      aria-busy={submitting}
    >
      <div>
        <label htmlFor="login-email" className={labelClass}>
          {t('login.email')}
        </label>
        <input
          id="login-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor="login-password" className={labelClass}>
          {t('login.password')}
        </label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={fieldClass}
        />
      </div>
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="font-medium text-blue-700 underline-offset-2 hover:underline">
          {t('login.forgot')}
        </Link>
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={submitting || !hydrated}>
        {submitting ? t('login.submitting') : t('login.submit')}
      </Button>
      {error && (
        <p id={errorId} role="alert" className="flex items-start gap-2 text-sm font-medium text-red-700">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          {error.kind === 'blocked' ? (
            <BlockedNotice reason={error.reason} supportEmail={supportEmail} />
          ) : (
            <span>{failureText(error, t)}</span>
          )}
        </p>
      )}
    </form>
  )
}

/**
 * What the member reads: the app's own words for what it knows (in the page's language, issue 15), else
 * the server's message when it sent one, else "Login failed" (seed-spec section 8).
 */
function failureText(failure: Exclude<LoginFailure, { kind: 'blocked' }>, t: TFunction): string {
  switch (failure.kind) {
    case 'invalidCredentials':
      return t('login.invalidCredentials')
    case 'rateLimited':
      return failure.retryAfterSeconds === null
        ? t('login.rateLimited')
        : t('login.rateLimitedFor', { count: waitMinutes(failure.retryAfterSeconds) })
    case 'message':
      return failure.text || t('login.failed')
  }
}
