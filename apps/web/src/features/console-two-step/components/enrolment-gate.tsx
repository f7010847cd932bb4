import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/**
 * What the console shows an admin without a second factor when the store requires one (issue 43,
 * `ADMIN_MFA=required`): why, and the enrolment itself (`children`); the console opens once it is on.
 */
export function EnrolmentGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="rounded-2xl bg-amber-50 p-6 ring-1 ring-amber-200">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-amber-950 outline-none">
          {t('console.twoStepGate.heading')}
        </h2>
        <p className="mt-2 text-sm text-amber-900">{t('console.twoStepGate.text')}</p>
        <p className="mt-2 text-sm">
          <Link
            to="/account#two-step"
            className="font-medium text-blue-800 underline underline-offset-2 hover:no-underline"
          >
            {t('console.twoStepGate.account')}
          </Link>
        </p>
      </div>
      {children}
    </div>
  )
}
