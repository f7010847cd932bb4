import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { DownloadIcon } from '../../../components/ui/icons'
import { buttonClass } from '../../../components/ui/button'
import { consoleErrorText } from '../../../lib/console/console-error'
import { useNotify } from '../../../components/console/notice'
import { exportAddress, importCatalogue, type ImportReport } from '../api/catalogue-files'
import { useCatalogueChanged } from '../hooks'
import { ImportReportView } from './import-report'

/** The server's own limit for a catalogue file (decision 038). */
const MAX_FILE_BYTES = 32 * 1024 * 1024

interface ChosenFile {
  name: string
  content: string
}

type Step =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'checked'; report: ImportReport }
  | { kind: 'applying'; report: ImportReport; startedAt: number }
  | { kind: 'applied'; report: ImportReport }

/**
 * Import: the file is checked first (the server's dry run: what would be added and changed, every
 * problem with its place), then applied all or nothing. Export: the catalogue as a JSON or CSV file.
 */
export function FilesPanel() {
  const { t } = useTranslation()
  const id = useId()
  const notify = useNotify()
  const changed = useCatalogueChanged()
  const [file, setFile] = useState<ChosenFile | null>(null)
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [fileError, setFileError] = useState('')
  const input = useRef<HTMLInputElement>(null)

  async function choose(chosen: File | undefined) {
    setStep({ kind: 'idle' })
    setFile(null)
    setFileError('')
    if (!chosen) return
    if (chosen.size > MAX_FILE_BYTES) {
      setFileError(t('consoleCatalogue.files.tooLarge'))
      return
    }
    const next = { name: chosen.name, content: await chosen.text() }
    setFile(next)
    setStep({ kind: 'checking' })
    try {
      setStep({ kind: 'checked', report: await importCatalogue(next.name, next.content, true) })
    } catch (error) {
      setStep({ kind: 'idle' })
      setFileError(consoleErrorText(error, t))
    }
  }

  async function apply() {
    if (!file || step.kind !== 'checked' || !step.report.valid) return
    setStep({ kind: 'applying', report: step.report, startedAt: Date.now() })
    try {
      const report = await importCatalogue(file.name, file.content, false)
      await changed()
      setStep({ kind: 'applied', report })
      notify('success', t('consoleCatalogue.files.applied', { file: file.name }))
    } catch (error) {
      setStep({ kind: 'checked', report: step.report })
      notify('error', consoleErrorText(error, t))
    }
  }

  function reset() {
    setStep({ kind: 'idle' })
    setFile(null)
    if (input.current) input.current.value = ''
  }

  const report = 'report' in step ? step.report : null
  return (
    <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
      <section
        aria-labelledby={`${id}-import`}
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
      >
        <h3 id={`${id}-import`} className="text-lg font-semibold text-slate-900">
          {t('consoleCatalogue.files.importHeading')}
        </h3>
        <p className="text-sm text-slate-600">{t('consoleCatalogue.files.importText')}</p>
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
            {t('consoleCatalogue.files.chooseFile')}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            disabled={step.kind === 'checking' || step.kind === 'applying'}
            aria-describedby={fileError ? `${id}-file-error` : undefined}
            onChange={(event) => void choose(event.target.files?.[0])}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:min-h-9 file:rounded-lg file:border-0 file:bg-blue-50 file:px-4 file:py-2 file:font-semibold file:text-blue-800"
          />
          {fileError && (
            <p id={`${id}-file-error`} role="alert" className="mt-2 text-sm text-red-700">
              {fileError}
            </p>
          )}
        </div>
        {step.kind === 'checking' && (
          <p role="status" className="text-sm text-slate-700">
            {t('consoleCatalogue.files.checking', { file: file?.name })}
          </p>
        )}
        {report && file && (
          <ImportReportView report={report} fileName={file.name} applied={step.kind === 'applied'} />
        )}
        {step.kind === 'applying' && <ImportProgress startedAt={step.startedAt} />}
        {(step.kind === 'checked' || step.kind === 'applying') && step.report.valid && (
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void apply()} disabled={step.kind === 'applying'}>
              {step.kind === 'applying'
                ? t('consoleCatalogue.files.applying')
                : t('consoleCatalogue.files.apply')}
            </Button>
            <Button variant="secondary" onClick={reset} disabled={step.kind === 'applying'}>
              {t('console.common.cancel')}
            </Button>
          </div>
        )}
        {step.kind === 'applied' && (
          <Button variant="secondary" onClick={reset}>
            {t('consoleCatalogue.files.another')}
          </Button>
        )}
      </section>
      <section
        aria-labelledby={`${id}-export`}
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
      >
        <h3 id={`${id}-export`} className="text-lg font-semibold text-slate-900">
          {t('consoleCatalogue.files.exportHeading')}
        </h3>
        <p className="text-sm text-slate-600">{t('consoleCatalogue.files.exportText')}</p>
        <div className="flex flex-wrap gap-3">
          {(['json', 'csv'] as const).map((format) => (
            <a key={format} href={exportAddress(format)} download className={buttonClass('secondary')}>
              <DownloadIcon className="size-4" />
              {t(`consoleCatalogue.files.export.${format}`)}
            </a>
          ))}
        </div>
      </section>
    </div>
  )
}

/**
 * While an import is written: an indeterminate bar and the time it has taken, announced every few
 * seconds (the server answers once, when the whole file is in: all or nothing).
 */
function ImportProgress({ startedAt }: { startedAt: number }) {
  const { t } = useTranslation()
  const [now, setNow] = useState(startedAt)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const seconds = Math.floor((now - startedAt) / 1000)
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label={t('consoleCatalogue.files.applying')}
        aria-valuetext={t('consoleCatalogue.files.elapsed', { count: seconds })}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full w-1/3 animate-pulse rounded-full bg-blue-600" />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {seconds > 0 && seconds % 5 === 0 ? t('consoleCatalogue.files.elapsed', { count: seconds }) : null}
      </p>
    </div>
  )
}
