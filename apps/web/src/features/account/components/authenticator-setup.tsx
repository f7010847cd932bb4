import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { NewAuthenticator } from '../api/two-step-calls'
import { AuthenticatorQr } from './authenticator-qr'
import { CodeCheckForm } from './code-check-form'

/** Steps 1 and 2 of turning two-step verification on (issue 43): add the account to the app, then a code. */
export function AuthenticatorSetup({
  authenticator,
  onCode,
  onCancel,
}: {
  authenticator: NewAuthenticator
  onCode: (code: string) => Promise<void>
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <h3 ref={heading} tabIndex={-1} className="font-semibold text-slate-900 outline-none">
          {t('twoStep.scan.heading')}
        </h3>
        <p className="text-sm text-slate-600">{t('twoStep.scan.text')}</p>
        <AuthenticatorQr authenticator={authenticator} />
      </div>
      <div className="space-y-3">
        <h3 className="font-semibold text-slate-900">{t('twoStep.confirm.heading')}</h3>
        <p className="text-sm text-slate-600">{t('twoStep.confirm.text')}</p>
        <CodeCheckForm
          id="two-step-confirm-code"
          submit={t('twoStep.confirm.submit')}
          onCode={onCode}
          onCancel={onCancel}
        />
      </div>
    </div>
  )
}
