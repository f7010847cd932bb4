import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { ImportReport, ImportRow } from '../api/members-api'
import { importProblemText } from '../model/import-problem'

/** Rows shown per list: the counts say how many there are in all. */
const SHOWN_ROWS = 50

const cell = 'py-1 pr-4 align-top'

function RowsTable({
  heading,
  rows,
  tone,
}: {
  heading: string
  rows: (ImportRow & { reason?: string })[]
  tone: string
}) {
  const { t } = useTranslation()
  const id = useId()
  const withReason = rows.some((row) => row.reason !== undefined)
  const shown = rows.slice(0, SHOWN_ROWS)
  return (
    <section aria-labelledby={id} className={`rounded-lg border p-4 text-sm ${tone}`}>
      <h4 id={id} className="font-semibold">
        {heading}
      </h4>
      {rows.length > 0 && (
        <div className="relative mt-2 max-h-60 overflow-auto">
          <table className="min-w-full text-left">
            <caption className="sr-only">{heading}</caption>
            <thead>
              <tr>
                <th scope="col" className={`${cell} font-semibold`}>
                  {t('consoleMembers.bulk.row')}
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  {t('consoleMembers.bulk.email')}
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  {t('consoleMembers.bulk.name')}
                </th>
                {withReason && (
                  <th scope="col" className={`${cell} font-semibold`}>
                    {t('consoleMembers.bulk.reason')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.row}>
                  <td className={`${cell} tabular-nums`}>{row.row}</td>
                  <th scope="row" className={`${cell} font-normal break-all`}>
                    {row.email}
                  </th>
                  <td className={cell}>{row.name}</td>
                  {withReason && <td className={cell}>{row.reason}</td>}
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length > shown.length && (
            <p className="mt-1">{t('consoleMembers.bulk.more', { count: rows.length - shown.length })}</p>
          )}
        </div>
      )}
    </section>
  )
}

/**
 * The server's report on a buyers' file: before it runs (who would be created, who is a member already,
 * every problem by row) or after (who was created and invited, whose invitation did not go out).
 */
export function ImportPreview({ report, fileName }: { report: ImportReport; fileName: string }) {
  const { t } = useTranslation()
  const id = useId()
  if (!report.valid)
    return (
      <div
        role="alert"
        className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      >
        <h3 className="font-semibold">{t('consoleMembers.bulk.previewHeading', { file: fileName })}</h3>
        <p>{t('consoleMembers.bulk.invalid')}</p>
        <p id={id} className="font-semibold">
          {t('consoleMembers.bulk.problemsHeading', { count: report.problemCount })}
        </p>
        {report.problemCount > report.problems.length && (
          <p>{t('consoleMembers.bulk.problemsShown', { count: report.problems.length })}</p>
        )}
        {/* Scrolls when long: focusable so a keyboard can scroll it (WCAG 2.1.1). */}
        <ul tabIndex={0} aria-labelledby={id} className="max-h-72 list-disc space-y-1 overflow-y-auto pl-5">
          {report.problems.map((problem, index) => {
            const { key, values } = importProblemText(problem)
            return <li key={index}>{t(`consoleMembers.bulk.problems.${key}`, values)}</li>
          })}
        </ul>
      </div>
    )
  const created = report.applied
    ? t('consoleMembers.bulk.created', { count: report.created.length })
    : t('consoleMembers.bulk.toCreate', { count: report.created.length })
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="font-semibold text-slate-900">
        {report.applied
          ? t('consoleMembers.bulk.resultHeading', { file: fileName })
          : t('consoleMembers.bulk.previewHeading', { file: fileName })}
      </h3>
      <RowsTable
        heading={created}
        rows={report.created}
        tone="border-emerald-200 bg-emerald-50 text-emerald-950"
      />
      <RowsTable
        heading={t('consoleMembers.bulk.existing', { count: report.existing.length })}
        rows={report.existing}
        tone="border-slate-200 bg-slate-50 text-slate-900"
      />
      {report.notInvited.length > 0 && (
        <RowsTable
          heading={t('consoleMembers.bulk.notInvited', { count: report.notInvited.length })}
          rows={report.notInvited}
          tone="border-amber-300 bg-amber-50 text-amber-950"
        />
      )}
      {!report.applied && report.created.length === 0 && (
        <p className="text-sm text-slate-700">{t('consoleMembers.bulk.nobodyNew')}</p>
      )}
    </section>
  )
}
