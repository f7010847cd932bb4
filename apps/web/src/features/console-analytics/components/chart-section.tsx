import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * One chart of the Analytics page: its heading, a sentence saying what it shows, the chart as a picture
 * (hidden from screen readers, who get the sentence and the table), and its data table behind "See the
 * data". `empty` replaces all three when the period counted nothing, saying what will appear and why.
 */
export function ChartSection({
  title,
  summary,
  empty,
  chart,
  table,
}: {
  title: string
  summary: string
  empty: string | null
  chart: ReactNode
  table: ReactNode
}) {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {empty !== null ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{summary}</p>
          <div aria-hidden="true" className="mt-4">
            {chart}
          </div>
          <details className="mt-4 rounded-lg border border-slate-200">
            <summary className="min-h-10 cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
              {t('consoleAnalytics.seeData')}
              <span className="sr-only">: {title}</span>
            </summary>
            <div className="border-t border-slate-200">{table}</div>
          </details>
        </>
      )}
    </section>
  )
}
