import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { inputClass, labelClass } from '../../../components/console/form-field'
import { Button } from '../../../components/ui/button'
import { CopyButton } from './copy-button'

/**
 * A secret the server sends this once (a new key's, a new endpoint's): read-only, to copy, with the
 * warning that it will not be shown again. Its heading takes the focus when it appears; "I have saved
 * it" forgets it. The secret lives only in the caller's state, never in a cache or in storage.
 */
export function SecretOnce({
  heading,
  warning,
  label,
  secret,
  onDismiss,
}: {
  heading: string
  warning: string
  label: string
  secret: string
  onDismiss: () => void
}) {
  const { t } = useTranslation()
  const headingId = useId()
  const fieldId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h4
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold break-all text-slate-900 outline-none"
      >
        {heading}
      </h4>
      <p id={`${fieldId}-warning`} className="text-sm font-medium text-amber-900">
        {warning}
      </p>
      <div>
        <label htmlFor={fieldId} className={labelClass}>
          {label}
        </label>
        <input
          id={fieldId}
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${fieldId}-warning`}
          onFocus={(event) => event.target.select()}
          className={`${inputClass} font-mono`}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CopyButton text={secret} label={`${t('consoleAutomations.secret.copy')}: ${label}`} />
        <Button onClick={onDismiss}>{t('consoleAutomations.secret.dismiss')}</Button>
      </div>
    </section>
  )
}
