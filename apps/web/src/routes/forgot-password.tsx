import { useTranslation } from 'react-i18next'
import { ForgotPasswordForm } from '../features/recovery/components/forgot-password-form'
import { RecoveryPage } from '../features/recovery/components/recovery-page'
import { useDocumentTitle } from '../lib/use-document-title'

export function ForgotPasswordRoute() {
  const { t } = useTranslation()
  useDocumentTitle(t('recovery.forgotTitle'))
  return (
    <RecoveryPage heading={t('recovery.forgotHeading')} intro={t('recovery.forgotIntro')}>
      <ForgotPasswordForm />
    </RecoveryPage>
  )
}
