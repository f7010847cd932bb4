import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { RecoveryPage } from '../features/recovery/components/recovery-page'
import { ResetPasswordForm } from '../features/recovery/components/reset-password-form'
import { readResetLink } from '../features/recovery/reset-link'
import { useDocumentTitle } from '../lib/use-document-title'

/** The page an emailed link opens: `/reset-password?userId=…&secret=…&expire=…`. */
export function ResetPasswordRoute() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const [now] = useState(() => Date.now())
  useDocumentTitle(t('recovery.resetTitle'))
  return (
    <RecoveryPage heading={t('recovery.resetHeading')} intro={t('recovery.resetIntro')}>
      <ResetPasswordForm link={readResetLink(params)} now={now} />
    </RecoveryPage>
  )
}
