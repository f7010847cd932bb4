import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AppwriteException } from 'appwrite'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pg/shared/constants'
import { Button } from '../../../components/ui/button'
import { checkNewPassword, type PasswordProblem } from '../../../lib/new-password'
import { sessionsQueryKey, updatePassword } from '../api/account-calls'
import { fieldClass, labelClass } from '../../../components/ui/field'
import { AccountSection, FormOutcome } from './account-section'

type Failure = PasswordProblem | 'wrongCurrent' | 'common' | 'tooMany' | 'failed'

function failureOf(error: unknown): Failure {
  if (!(error instanceof AppwriteException)) return 'failed'
  if (error.type === 'user_invalid_credentials') return 'wrongCurrent'
  if (error.type === 'general_rate_limit_exceeded') return 'tooMany'
  if (error.type === 'general_argument_invalid' && /password/i.test(error.message)) return 'common'
  return 'failed'
}

/** A new password, with the current one; the server then signs the member out everywhere else. */
export function PasswordForm() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [problem, setProblem] = useState<Failure | null>(null)
  const hintId = useId()
  const change = useMutation({
    mutationFn: updatePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const oldPassword = String(data.get('current') ?? '')
    const password = String(data.get('password') ?? '')
    const found = checkNewPassword(password, String(data.get('confirmation') ?? ''))
    setProblem(found)
    if (found) return
    change.mutate(
      { password, oldPassword },
      {
        onSuccess: () => form.reset(),
        onError: (error) => {
          console.error('Password change error', error)
          setProblem(failureOf(error))
        },
      },
    )
  }

  const text = (failure: Failure) => {
    switch (failure) {
      case 'wrongCurrent':
        return t('account.password.wrongCurrent')
      case 'tooShort':
        return t('recovery.errors.tooShort', { min: PASSWORD_MIN_LENGTH })
      case 'tooLong':
        return t('recovery.errors.tooLong', { max: PASSWORD_MAX_LENGTH })
      case 'mismatch':
        return t('recovery.errors.mismatch')
      case 'common':
        return t('recovery.errors.common')
      case 'tooMany':
        return t('recovery.errors.tooMany')
      case 'failed':
        return t('account.errors.failed')
    }
  }
  const invalidNew = problem === 'tooShort' || problem === 'tooLong' || problem === 'common'

  return (
    <AccountSection heading={t('account.password.heading')}>
      <form onSubmit={handleSubmit} className="space-y-5" aria-busy={change.isPending} noValidate>
        <div>
          <label htmlFor="account-current-password" className={labelClass}>
            {t('account.password.current')}
          </label>
          <input
            id="account-current-password"
            name="current"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={problem === 'wrongCurrent'}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="account-new-password" className={labelClass}>
            {t('account.password.new')}
          </label>
          <input
            id="account-new-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-describedby={hintId}
            aria-invalid={invalidNew}
            className={fieldClass}
          />
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            {t('account.password.hint', { min: PASSWORD_MIN_LENGTH })}
          </p>
        </div>
        <div>
          <label htmlFor="account-confirm-password" className={labelClass}>
            {t('account.password.confirm')}
          </label>
          <input
            id="account-confirm-password"
            name="confirmation"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={problem === 'mismatch'}
            className={fieldClass}
          />
        </div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('account.password.saving') : t('account.password.save')}
        </Button>
        <FormOutcome
          saved={change.isSuccess && !problem ? t('account.password.saved') : null}
          failed={problem ? text(problem) : null}
        />
      </form>
    </AccountSection>
  )
}
