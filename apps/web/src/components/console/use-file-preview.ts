import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { consoleErrorText } from '../../lib/console/console-error'
import { useNotify } from './notice'

/** A file the owner chose, read as text: the server's import routes take its name and content. */
export interface ChosenFile {
  name: string
  content: string
}

/** Where an import stands; `startedAt` lets a long apply say how long it has taken. */
export type FilePreviewStep<Report> =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'checked'; report: Report }
  | { kind: 'applying'; report: Report; startedAt: number }
  | { kind: 'applied'; report: Report }

/**
 * An import in two steps, as the server's dry runs allow (decisions 038 and 042): a chosen file is read
 * and checked (the preview), then, when valid, applied all or nothing. A file over the server's limit is
 * refused before it is read; a refused check shows under the file, a failed apply in a notice, and the
 * preview stays for another try. Used by the catalogue's import and the members' bulk invite.
 */
export function useFilePreview<Report extends { valid: boolean }>(options: {
  /** The server's own limit for this kind of file. */
  maxBytes: number
  tooLargeText: string
  check: (file: ChosenFile) => Promise<Report>
  apply: (file: ChosenFile) => Promise<Report>
  appliedText: (report: Report, file: ChosenFile) => string
}) {
  const { t } = useTranslation()
  const notify = useNotify()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<ChosenFile | null>(null)
  const [step, setStep] = useState<FilePreviewStep<Report>>({ kind: 'idle' })
  const [fileError, setFileError] = useState('')

  async function choose(chosen: File | undefined) {
    setStep({ kind: 'idle' })
    setFile(null)
    setFileError('')
    if (!chosen) return
    if (chosen.size > options.maxBytes) {
      setFileError(options.tooLargeText)
      return
    }
    const next = { name: chosen.name, content: await chosen.text() }
    setFile(next)
    setStep({ kind: 'checking' })
    try {
      setStep({ kind: 'checked', report: await options.check(next) })
    } catch (error) {
      setStep({ kind: 'idle' })
      setFileError(consoleErrorText(error, t))
    }
  }

  async function apply() {
    if (!file || step.kind !== 'checked' || !step.report.valid) return
    setStep({ kind: 'applying', report: step.report, startedAt: Date.now() })
    try {
      const report = await options.apply(file)
      setStep({ kind: 'applied', report })
      notify('success', options.appliedText(report, file))
    } catch (error) {
      setStep({ kind: 'checked', report: step.report })
      notify('error', consoleErrorText(error, t))
    }
  }

  /** Back to no file, for another one. */
  function reset() {
    setStep({ kind: 'idle' })
    setFile(null)
    if (input.current) input.current.value = ''
  }

  return {
    input,
    file,
    step,
    report: 'report' in step ? step.report : null,
    fileError,
    busy: step.kind === 'checking' || step.kind === 'applying',
    choose,
    apply,
    reset,
  }
}
