import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { currentLanguage } from '../../../lib/i18n'
import { consoleErrorText } from '../../../lib/console/console-error'
import { inputClass } from '../../../components/console/form-field'
import { useNotify } from '../../../components/console/notice'
import { importMembers, type ImportReport } from '../api/members-api'
import { useMembersChanged } from '../hooks'
import { ImportPreview } from './import-preview'

/** The server's own limit for a buyers' file (decision 042). */
const MAX_FILE_BYTES = 1024 * 1024

interface ChosenFile {
  name: string
  content: string
}

type Step =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'checked'; report: ImportReport }
  | { kind: 'applying'; report: ImportReport }
  | { kind: 'applied'; report: ImportReport }

/**
 * Bulk invite from a buyers' CSV (the `users import` format): the file is checked first by the server's
 * dry run, shown as a preview, then applied all or nothing with "Invite N members".
 */
export function BulkInvite({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const notify = useNotify()
  const changed = useMembersChanged()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<ChosenFile | null>(null)
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [fileError, setFileError] = useState('')
  const [language, setLanguage] = useState(currentLanguage(i18n.language))
  const busy = step.kind === 'checking' || step.kind === 'applying'

  async function choose(chosen: File | undefined) {
    setStep({ kind: 'idle' })
    setFile(null)
    setFileError('')
    if (!chosen) return
    if (chosen.size > MAX_FILE_BYTES) {
      setFileError(t('consoleMembers.bulk.tooLarge'))
      return
    }
    const next = { name: chosen.name, content: await chosen.text() }
    setFile(next)
    setStep({ kind: 'checking' })
    try {
      const report = await importMembers({
        fileName: next.name,
        content: next.content,
        dryRun: true,
        language,
      })
      setStep({ kind: 'checked', report })
    } catch (error) {
      setStep({ kind: 'idle' })
      setFileError(consoleErrorText(error, t))
    }
  }

  async function apply() {
    if (!file || step.kind !== 'checked' || !step.report.valid) return
    setStep({ kind: 'applying', report: step.report })
    try {
      const report = await importMembers({
        fileName: file.name,
        content: file.content,
        dryRun: false,
        language,
      })
      setStep({ kind: 'applied', report })
      notify('success', t('consoleMembers.bulk.applied', { count: report.created.length, file: file.name }))
    } catch (error) {
      setStep({ kind: 'checked', report: step.report })
      notify('error', consoleErrorText(error, t))
    }
    await changed()
  }

  function another() {
    setStep({ kind: 'idle' })
    setFile(null)
    if (input.current) {
      input.current.value = ''
      input.current.focus()
    }
  }

  const report = 'report' in step ? step.report : null
  const toCreate = report?.valid && !report.applied ? report.created.length : 0
  return (
    <ModalDialog labelledBy={`${id}-title`} onClose={busy ? () => undefined : onClose}>
      <div className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {t('consoleMembers.bulk.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('consoleMembers.bulk.text')}</p>
        <pre className="rounded-lg bg-slate-100 px-3 py-2 text-xs text-slate-800">
          {'email,name\nana@example.com,Ana Pérez\nbruno@example.com,Bruno Díaz'}
        </pre>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <div>
            <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
              {t('consoleMembers.bulk.file')}
            </label>
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              aria-describedby={fileError ? `${id}-file-error` : undefined}
              onChange={(event) => void choose(event.target.files?.[0])}
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:min-h-9 file:rounded-lg file:border-0 file:bg-blue-50 file:px-4 file:py-2 file:font-semibold file:text-blue-800"
            />
          </div>
          <div>
            <label htmlFor={`${id}-language`} className="block text-sm font-medium text-slate-800">
              {t('consoleMembers.bulk.language')}
            </label>
            <select
              id={`${id}-language`}
              value={language}
              disabled={busy || step.kind === 'applied'}
              onChange={(event) => setLanguage(currentLanguage(event.target.value))}
              className={inputClass}
            >
              <option value="es">{t('consoleMembers.languages.es')}</option>
              <option value="en">{t('consoleMembers.languages.en')}</option>
            </select>
          </div>
        </div>
        {fileError && (
          <p id={`${id}-file-error`} role="alert" className="text-sm text-red-700">
            {fileError}
          </p>
        )}
        {step.kind === 'checking' && (
          <p role="status" className="text-sm text-slate-700">
            {t('consoleMembers.bulk.checking', { file: file?.name })}
          </p>
        )}
        {report && file && <ImportPreview report={report} fileName={file.name} />}
        {step.kind === 'applying' && (
          <p role="status" className="text-sm font-medium text-slate-800">
            {t('consoleMembers.bulk.applying', { count: step.report.valid ? step.report.created.length : 0 })}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          {step.kind === 'applied' ? (
            <Button variant="secondary" onClick={another}>
              {t('consoleMembers.bulk.another')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {step.kind === 'applied' ? t('console.common.close') : t('console.common.cancel')}
          </Button>
          {(step.kind === 'checked' || step.kind === 'applying') && toCreate > 0 && (
            <Button onClick={() => void apply()} disabled={step.kind === 'applying'}>
              {t('consoleMembers.bulk.apply', { count: toCreate })}
            </Button>
          )}
        </div>
      </div>
    </ModalDialog>
  )
}
