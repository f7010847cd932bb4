import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Readiness } from '../api/overview-api'

const linkClass =
  'inline-flex min-h-10 items-center rounded-lg px-3 py-2 text-sm font-semibold underline underline-offset-2'

/** Whether the store can sell, from the Settings page's checks, with the way there. */
export function ReadinessNotice({
  readiness,
  failed,
}: {
  readiness: Readiness | undefined
  failed: boolean
}) {
  const { t } = useTranslation()
  if (!readiness && !failed) return null
  const missing = readiness?.items.filter((item) => item.status === 'missing').length ?? 0
  const ready = readiness?.readyToSell === true
  const tone = ready
    ? 'border-green-200 bg-green-50 text-green-900'
    : 'border-amber-200 bg-amber-50 text-amber-950'
  const text = !readiness
    ? t('consoleOverview.readiness.unknown')
    : ready
      ? t('consoleOverview.readiness.ready')
      : missing > 0
        ? t('consoleOverview.readiness.missing', { count: missing })
        : t('consoleOverview.readiness.notReady')
  return (
    <div
      className={`flex flex-col gap-2 rounded-xl border px-4 py-3 sm:flex-row sm:items-center sm:justify-between ${
        readiness ? tone : 'border-slate-200 bg-slate-50 text-slate-800'
      }`}
    >
      <p className="text-sm font-medium">{text}</p>
      <Link to="/admin/settings" className={linkClass}>
        {t('consoleOverview.readiness.link')}
      </Link>
    </div>
  )
}
