import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { currentLanguage } from '../../../lib/language-preference'
import {
  EMAIL_LANGUAGES,
  emailLanguageOf,
  prefsQueryKey,
  prefsQueryOptions,
  updateEmailLanguage,
  type EmailLanguage,
} from '../api/account-calls'
import { fieldClass, labelClass } from '../../../components/ui/field'
import { AccountSection, FormOutcome } from './account-section'

/** The language of the store's emails to the member (kept in their prefs; the page's until chosen). */
export function EmailPreferences() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const prefs = useQuery(prefsQueryOptions())
  const save = useMutation({
    mutationFn: updateEmailLanguage,
    onSuccess: (saved) => queryClient.setQueryData(prefsQueryKey, saved),
    onError: (error) => console.error('Email preferences error', error),
  })
  const chosen = emailLanguageOf(prefs.data, currentLanguage(i18n.language))

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = new FormData(event.currentTarget).get('emailLanguage')
    if (value === 'es' || value === 'en') save.mutate(value satisfies EmailLanguage)
  }

  return (
    <AccountSection heading={t('account.emails.heading')}>
      <form onSubmit={handleSubmit} className="space-y-5" aria-busy={save.isPending || prefs.isPending}>
        <div>
          <label htmlFor="account-email-language" className={labelClass}>
            {t('account.emails.language')}
          </label>
          {/* Drawn again once the prefs are read, so that it starts on what they say. */}
          <select
            key={prefs.isSuccess ? 'read' : 'reading'}
            id="account-email-language"
            name="emailLanguage"
            defaultValue={chosen}
            className={fieldClass}
          >
            {EMAIL_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`language.${language}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={save.isPending || prefs.isPending}>
          {save.isPending ? t('account.emails.saving') : t('account.emails.save')}
        </Button>
        <FormOutcome
          saved={save.isSuccess ? t('account.emails.saved') : null}
          failed={save.isError || prefs.isError ? t('account.errors.failed') : null}
        />
      </form>
    </AccountSection>
  )
}
