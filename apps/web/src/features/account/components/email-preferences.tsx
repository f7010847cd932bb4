import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { currentLanguage } from '../../../lib/language-preference'
import {
  EMAIL_LANGUAGES,
  emailLanguageOf,
  newsEmailOf,
  prefsQueryKey,
  prefsQueryOptions,
  updateEmailPreferences,
} from '../api/account-calls'
import { fieldClass, labelClass } from '../../../components/ui/field'
import { AccountSection, FormOutcome } from './account-section'

/**
 * The language of the store's emails to the member (the page's until chosen) and whether they get the
 * weekly "what's new" email (on until turned off), both kept in their prefs.
 */
export function EmailPreferences() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const prefs = useQuery(prefsQueryOptions())
  const save = useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(prefsQueryKey, saved),
    onError: (error) => console.error('Email preferences error', error),
  })
  const chosen = emailLanguageOf(prefs.data, currentLanguage(i18n.language))

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const language = form.get('emailLanguage')
    if (language === 'es' || language === 'en')
      save.mutate({ emailLanguage: language, newsEmail: form.get('newsEmail') === 'on' })
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
        <div className="flex items-start gap-3">
          <input
            key={prefs.isSuccess ? 'read' : 'reading'}
            type="checkbox"
            role="switch"
            id="account-news-email"
            name="newsEmail"
            defaultChecked={newsEmailOf(prefs.data)}
            aria-describedby="account-news-email-about"
            className="mt-1 size-5 shrink-0 accent-blue-700"
          />
          <div>
            <label htmlFor="account-news-email" className="font-semibold text-slate-900">
              {t('account.emails.news')}
            </label>
            <p id="account-news-email-about" className="text-sm text-slate-600">
              {t('account.emails.newsAbout')}
            </p>
          </div>
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
