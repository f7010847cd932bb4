import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { ImportReport } from '../api/catalogue-files'

const SECTIONS = ['projects', 'categories', 'tags'] as const

/**
 * The dry run's report: per kind what is added and changed, or the problems with their place (the
 * first 100 of a file with more, and how many there are).
 */
export function ImportReportView({
  report,
  fileName,
  applied,
}: {
  report: ImportReport
  fileName: string
  applied: boolean
}) {
  const { t } = useTranslation()
  const problemsId = useId()
  if (!report.valid)
    return (
      <div
        role="alert"
        className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      >
        <p id={problemsId} className="font-semibold">
          {t('consoleCatalogue.files.problems', { count: report.problemCount, file: fileName })}
        </p>
        {report.problemCount > report.problems.length && (
          <p>{t('consoleCatalogue.files.problemsShown', { count: report.problems.length })}</p>
        )}
        {/* Scrolls when long: focusable so a keyboard can scroll it (WCAG 2.1.1). */}
        <ul
          tabIndex={0}
          aria-labelledby={problemsId}
          className="max-h-72 list-disc space-y-1 overflow-y-auto pl-5"
        >
          {report.problems.map((problem, index) => (
            <li key={index}>{problem.message}</li>
          ))}
        </ul>
      </div>
    )
  const summary = report.summary
  return (
    <div
      role="status"
      className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
    >
      <p className="font-semibold">
        {applied
          ? t('consoleCatalogue.files.appliedReport', { file: fileName })
          : t('consoleCatalogue.files.preview', { file: fileName, format: report.format.toUpperCase() })}
      </p>
      {summary && (
        <table className="min-w-full text-left">
          <caption className="sr-only">{t('consoleCatalogue.files.summaryCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4 font-semibold">
                <span className="sr-only">{t('consoleCatalogue.files.kind')}</span>
              </th>
              <th scope="col" className="py-1 pr-4 text-right font-semibold">
                {t('consoleCatalogue.files.added')}
              </th>
              <th scope="col" className="py-1 pr-4 text-right font-semibold">
                {t('consoleCatalogue.files.updated')}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {t('consoleCatalogue.files.unchanged')}
              </th>
            </tr>
          </thead>
          <tbody>
            {SECTIONS.map((section) => (
              <tr key={section}>
                <th scope="row" className="py-1 pr-4 font-medium">
                  {t(`consoleCatalogue.files.kinds.${section}`)}
                </th>
                <td className="py-1 pr-4 text-right tabular-nums">{summary[section].added}</td>
                <td className="py-1 pr-4 text-right tabular-nums">{summary[section].updated}</td>
                <td className="py-1 text-right tabular-nums">{summary[section].unchanged ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
