import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { accountQueryKey } from '../../../lib/account-query'
import { updateName } from '../api/account-calls'
import { fieldClass, labelClass } from '../../../components/ui/field'
import { AccountSection, FormOutcome } from './account-section'

/** The member's name (the email is the owner's to change: it is what purchases are matched by). */
export function ProfileForm({ name, email }: { name: string; email: string }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const save = useMutation({
    mutationFn: updateName,
    // The navigation and the dashboard greet the member by the new name.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
    onError: (error) => console.error('Name update error', error),
  })

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = new FormData(event.currentTarget).get('name')
    if (typeof value === 'string') save.mutate(value.trim())
  }

  return (
    <AccountSection heading={t('account.profile.heading')}>
      <form onSubmit={handleSubmit} className="space-y-5" aria-busy={save.isPending}>
        <div>
          <label htmlFor="account-email" className={labelClass}>
            {t('account.profile.email')}
          </label>
          <input id="account-email" value={email} readOnly className={`${fieldClass} bg-slate-50`} />
        </div>
        <div>
          <label htmlFor="account-name" className={labelClass}>
            {t('account.profile.name')}
          </label>
          <input
            id="account-name"
            name="name"
            defaultValue={name}
            autoComplete="name"
            maxLength={128}
            className={fieldClass}
          />
        </div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('account.profile.saving') : t('account.profile.save')}
        </Button>
        <FormOutcome
          saved={save.isSuccess ? t('account.profile.saved') : null}
          failed={save.isError ? t('account.errors.failed') : null}
        />
      </form>
    </AccountSection>
  )
}
