import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { CopyButton } from './copy-button'

/** Saves `text` as a file named `name`, made in the page (a Blob address, never sent anywhere). */
function saveTextFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // Some browsers read the address after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/**
 * The ten recovery codes (issue 43), shown this once: each signs the member in once when their phone is
 * lost. Copied, downloaded as a text file, then `onDone`.
 */
export function RecoveryCodes({
  codes,
  renewed,
  onDone,
}: {
  codes: string[]
  renewed: boolean
  onDone: () => void
}) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const fileText = [t('twoStep.codes.fileTitle'), t('twoStep.codes.fileNote'), '', ...codes, ''].join('\n')

  return (
    <div className="space-y-4">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-slate-900 outline-none">
        {renewed ? t('twoStep.codes.renewedHeading') : t('twoStep.codes.heading')}
      </h3>
      <p className="rounded-lg bg-amber-50 p-4 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
        {t('twoStep.codes.warning')}
        {renewed && ` ${t('twoStep.codes.replaced')}`}
      </p>
      <ul
        aria-label={t('twoStep.codes.list')}
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg bg-slate-50 p-4 font-mono text-slate-900 sm:grid-cols-3"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-start gap-3">
        <CopyButton
          text={codes.join('\n')}
          label={t('twoStep.codes.copy')}
          copied={t('twoStep.codes.copied')}
        />
        <Button variant="secondary" onClick={() => saveTextFile(t('twoStep.codes.fileName'), fileText)}>
          {t('twoStep.codes.download')}
        </Button>
      </div>
      <Button onClick={onDone}>{t('twoStep.codes.done')}</Button>
    </div>
  )
}
