import { useTranslation } from 'react-i18next'
import { AlertIcon, CheckCircleIcon } from '../../../components/ui/icons'
import type { Readiness } from '../api/settings-api'

/** Whether the store can sell now, and how many settings stand in the way. */
export function ReadinessSummary({ readiness }: { readiness: Readiness }) {
  const { t } = useTranslation()
  const missing = readiness.items.filter((item) => item.status === 'missing').length
  if (readiness.readyToSell)
    return (
      <p className="flex items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-900">
        <CheckCircleIcon className="size-6 shrink-0" />
        {t('consoleSettings.ready')}
      </p>
    )
  return (
    <p className="flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 font-semibold text-red-900">
      <AlertIcon className="size-6 shrink-0" />
      {t('consoleSettings.notReady', { count: missing })}
    </p>
  )
}
