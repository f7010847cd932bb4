import { useTranslation } from 'react-i18next'
import { client, databaseId, endpoint } from '../../../lib/backend'

/** What a program needs besides its key: the API's address and the ids the SDK asks for. */
export function ConnectionDetails() {
  const { t } = useTranslation()
  const facts = [
    [t('consoleAutomations.connection.endpoint'), endpoint],
    [t('consoleAutomations.connection.project'), client.config.project],
    [t('consoleAutomations.connection.database'), databaseId],
  ] as const
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h4 className="text-sm font-semibold text-slate-900">{t('consoleAutomations.connection.heading')}</h4>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="mb-1 font-mono break-all text-slate-900 sm:mb-0">{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
