import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { DownloadIcon } from '../../../components/ui/icons'
import { buttonClass } from '../../../components/ui/button'
import { FileField } from '../../../components/console/file-field'
import { useFilePreview } from '../../../components/console/use-file-preview'
import { exportAddress, importCatalogue } from '../api/catalogue-files'
import { useCatalogueChanged } from '../hooks'
import { ImportReportView } from './import-report'

/** The server's own limit for a catalogue file (decision 038). */
const MAX_FILE_BYTES = 32 * 1024 * 1024

/**
 * Import: the file is checked first (the server's dry run: what would be added and changed, every
 * problem with its place), then applied all or nothing. Export: the catalogue as a JSON or CSV file.
 */
export function FilesPanel() {
  const { t } = useTranslation()
  const id = useId()
  const changed = useCatalogueChanged()
  const { input, file, step, report, fileError, busy, choose, apply, reset } = useFilePreview({
    maxBytes: MAX_FILE_BYTES,
    tooLargeText: t('consoleCatalogue.files.tooLarge'),
    check: (chosen) => importCatalogue(chosen.name, chosen.content, true),
    apply: async (chosen) => {
      const applied = await importCatalogue(chosen.name, chosen.content, false)
      await changed()
      return applied
    },
    appliedText: (_, chosen) => t('consoleCatalogue.files.applied', { file: chosen.name }),
  })

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
        <FileField
          label={t('consoleCatalogue.files.chooseFile')}
          accept=".csv,.json,text/csv,application/json"
          disabled={busy}
          error={fileError}
          input={input}
          onFile={(chosen) => void choose(chosen)}
        />
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
