import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmailPreferences } from '../features/account/components/email-preferences'
import { PasswordForm } from '../features/account/components/password-form'
import { ProfileForm } from '../features/account/components/profile-form'
import { SessionsList } from '../features/account/components/sessions-list'
import { TwoStepSection } from '../features/account/components/two-step-section'
import { useSession } from '../features/auth/session-context'
import { buttonClass } from '../components/ui/button'
import { useDocumentTitle } from '../lib/use-document-title'

/**
 * "Mi cuenta" (issue 31): the member's name, password, two-step verification (issue 43), email language
 * and sessions, and their purchase.
 */
export function AccountRoute() {
  const { t } = useTranslation()
  const { user } = useSession()
  useDocumentTitle(t('account.title'))
  if (!user) return null
  return (
    <div className="pb-16">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {t('account.heading')}
            </h1>
            <p className="mt-1 text-slate-600">{t('account.intro')}</p>
          </div>
          <Link to="/home#my-purchase" className={`${buttonClass('secondary')} shrink-0`}>
            {t('account.purchase')}
          </Link>
        </div>
      </div>
      <div className="mx-auto grid max-w-3xl gap-6 px-4 pt-8 sm:px-6">
        <ProfileForm name={user.name} email={user.email} />
        <PasswordForm />
        <TwoStepSection mfaOn={user.mfa} />
        <EmailPreferences />
        <SessionsList />
      </div>
    </div>
  )
}
