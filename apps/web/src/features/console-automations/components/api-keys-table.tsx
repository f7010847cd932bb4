import { useTranslation } from 'react-i18next'
import { ConsoleTable } from '../../../components/console/console-table'
import type { ApiKey } from '../api/automations-api'
import { dateFormat, dateTimeFormat } from '../model/date-format'

const cell = 'px-4 py-3 align-middle'

/** The store's keys: what each may do, until when, when it was last used, and how its secret starts. */
export function ApiKeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const { t, i18n } = useTranslation()
  const moments = dateTimeFormat(i18n.language)
  const days = dateFormat(i18n.language)
  const now = Date.now()
  return (
    <ConsoleTable
      caption={t('consoleAutomations.keys.caption', { count: keys.length })}
      columns={[
        { label: t('consoleAutomations.keys.columns.name') },
        { label: t('consoleAutomations.keys.columns.scopes') },
        { label: t('consoleAutomations.keys.columns.expire') },
        { label: t('consoleAutomations.keys.columns.accessedAt') },
        { label: t('consoleAutomations.keys.columns.hint') },
        { label: t('console.common.actions'), hidden: true },
      ]}
      items={keys}
      empty={t('consoleAutomations.keys.none')}
      row={(key) => {
        const expired = key.expire !== null && Date.parse(key.expire) <= now
        return (
          <tr key={key.$id}>
            <th
              scope="row"
              className={`${cell} min-w-36 text-left font-medium wrap-break-word text-slate-900`}
            >
              {key.name}
            </th>
            <td className={cell}>
              <ul className="flex flex-wrap gap-1">
                {key.scopes.map((scope) => (
                  <li key={scope}>
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-slate-800">
                      {scope}
                    </code>
                  </li>
                ))}
              </ul>
            </td>
            <td
              className={`${cell} whitespace-nowrap ${expired ? 'font-medium text-red-800' : 'text-slate-700'}`}
            >
              {key.expire === null ? (
                t('consoleAutomations.keys.noExpiry')
              ) : expired ? (
                t('consoleAutomations.keys.expired', { date: days.format(new Date(key.expire)) })
              ) : (
                <time dateTime={key.expire}>{days.format(new Date(key.expire))}</time>
              )}
            </td>
            <td className={`${cell} whitespace-nowrap text-slate-700`}>
              {key.accessedAt === null ? (
                t('console.common.never')
              ) : (
                <time dateTime={key.accessedAt}>{moments.format(new Date(key.accessedAt))}</time>
              )}
            </td>
            <td className={cell}>
              <code className="text-xs whitespace-nowrap text-slate-700">{key.hint}…</code>
            </td>
            <td className={`${cell} text-right`}>
              <button
                type="button"
                onClick={() => onRevoke(key)}
                aria-label={t('consoleAutomations.keys.revokeNamed', { name: key.name })}
                className="min-h-8 rounded-md px-2 font-medium text-red-700 hover:bg-red-50"
              >
                {t('consoleAutomations.keys.revoke')}
              </button>
            </td>
          </tr>
        )
      }}
    />
  )
}
