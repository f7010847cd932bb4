import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { currentLanguage } from '../../../lib/i18n'
import { FileField } from '../../../components/console/file-field'
import { inputClass } from '../../../components/console/form-field'
import { useFilePreview } from '../../../components/console/use-file-preview'
import { importMembers } from '../api/members-api'
import { useMembersChanged } from '../hooks'
import { ImportPreview } from './import-preview'

/** The server's own limit for a buyers' file (decision 042). */
const MAX_FILE_BYTES = 1024 * 1024

/**
 * Bulk invite from a buyers' CSV (the `users import` format): the file is checked first by the server's
 * dry run, shown as a preview, then applied all or nothing with "Invite N members".
 */
export function BulkInvite({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const changed = useMembersChanged()
  const [language, setLanguage] = useState(currentLanguage(i18n.language))
  const preview = useFilePreview({
    maxBytes: MAX_FILE_BYTES,
    tooLargeText: t('consoleMembers.bulk.tooLarge'),
    check: (chosen) =>
      importMembers({ fileName: chosen.name, content: chosen.content, dryRun: true, language }),
    apply: (chosen) =>
      importMembers({ fileName: chosen.name, content: chosen.content, dryRun: false, language }),
    appliedText: (applied, chosen) =>
      t('consoleMembers.bulk.applied', { count: applied.created.length, file: chosen.name }),
  })
  const { file, step, report, busy } = preview

  async function apply() {
    await preview.apply()
    // Read again whether or not it applied: the members' table, the overview and the audit log.
    await changed()
  }

  function another() {
    preview.reset()
    preview.input.current?.focus()
  }

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
          <FileField
            label={t('consoleMembers.bulk.file')}
            accept=".csv,text/csv"
            disabled={busy}
            error={preview.fileError}
            input={preview.input}
            onFile={(chosen) => void preview.choose(chosen)}
          />
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
