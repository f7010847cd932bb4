import { useTranslation } from 'react-i18next'
import { ConsoleTable } from '../../../components/console/console-table'
import type { ReadinessItem } from '../api/settings-api'
import { settingLine, type SettingLine } from '../model/setting-line'
import { SettingStatusLabel } from './setting-status'

const PROVIDERS = ['stripe', 'hotmart', 'lemonsqueezy'] as const
const cell = 'px-4 py-3 align-top'
const dateTime = (language: string, iso: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

/** Every setting: its name and what it is for, its state (icon and word), and its value or what is missing. */
export function SettingsTable({ items }: { items: ReadinessItem[] }) {
  const { t } = useTranslation()
  return (
    <ConsoleTable
      caption={t('consoleSettings.caption')}
      columns={[
        { label: t('consoleSettings.columns.setting') },
        { label: t('consoleSettings.columns.status') },
        { label: t('consoleSettings.columns.detail') },
      ]}
      items={items}
      row={(item) => {
        const line = settingLine(item)
        return (
          <tr key={line.key} className={line.status === 'missing' ? 'bg-red-50/50' : undefined}>
            <th scope="row" className={`${cell} min-w-48 text-left font-normal`}>
              <span className="block font-semibold text-slate-900">
                {line.id ? t(`consoleSettings.items.${line.id}.label`) : line.key}
              </span>
              {line.id && (
                <span className="mt-0.5 block text-slate-600">
                  {t(`consoleSettings.items.${line.id}.about`)}
                </span>
              )}
              <code className="mt-1 block text-xs text-slate-600" translate="no">
                {line.key}
              </code>
            </th>
            <td className={cell}>
              <SettingStatusLabel status={line.status} />
            </td>
            <td className={`${cell} min-w-64 text-slate-800`}>
              <SettingDetail line={line} />
            </td>
          </tr>
        )
      }}
    />
  )
}

function SettingDetail({ line }: { line: SettingLine }) {
  const { t, i18n } = useTranslation()
  const { state, value } = line
  const valueCode = value !== null && (
    <code className="block font-mono text-xs break-all text-slate-900" translate="no">
      {value}
    </code>
  )
  if (line.serverText !== null)
    return (
      <p>
        <span className="block text-xs text-slate-600">{t('consoleSettings.fromServer')}</span>
        <span lang="en">{line.serverText}</span>
      </p>
    )
  if (!state) return valueCode || null
  switch (state.text) {
    case 'notSet':
      return <p>{line.id ? t(`consoleSettings.states.notSet.${line.id}`) : null}</p>
    case 'paymentsOk': {
      const names = state.providers.map((name) => {
        const known = PROVIDERS.find((provider) => provider === name)
        return known ? t(`consoleSettings.providers.${known}`) : name
      })
      return <p>{t('consoleSettings.states.paymentsOk', { providers: names.join(', ') })}</p>
    }
    case 'backupsLatest':
      return (
        <p>
          {t('consoleSettings.states.backupsLatest')}{' '}
          <code className="font-mono text-xs break-all" translate="no">
            {state.file}
          </code>
        </p>
      )
    case 'offsiteNoneYet':
      return <p>{t('consoleSettings.states.offsiteNoneYet', { destination: state.destination })}</p>
    case 'offsiteLatest':
      return (
        <p>
          {t('consoleSettings.states.offsiteLatest', {
            destination: state.destination,
            at: dateTime(i18n.language, state.at),
          })}{' '}
          <code className="font-mono text-xs break-all" translate="no">
            {state.name}
          </code>
        </p>
      )
    case 'offsiteFailing':
      return (
        <div className="space-y-1">
          {valueCode}
          <p>
            {t('consoleSettings.states.offsiteFailing', {
              since: dateTime(i18n.language, state.since),
              attempts: t('consoleSettings.offsiteBackups.attempts', { count: state.attempts }),
              reason: t(`consoleSettings.offsiteReasons.${state.reason}`),
            })}
          </p>
        </div>
      )
    case 'adminsWithoutMfa':
      return (
        <p>
          {t(
            state.required
              ? 'consoleSettings.states.adminsWithoutMfaRequired'
              : 'consoleSettings.states.adminsWithoutMfa',
            { admins: state.admins.join(', '), count: state.admins.length },
          )}
        </p>
      )
    case 'adminsMfaOk':
      return (
        <p>
          {t(
            state.required
              ? 'consoleSettings.states.adminsMfaRequired'
              : 'consoleSettings.states.adminsMfaOk',
          )}
        </p>
      )
    case 'accountEmailsOk':
      return <p>{t('consoleSettings.states.accountEmailsOk', { perHour: state.perHour })}</p>
    case 'accountEmailsHeld':
      return (
        <p>
          {t('consoleSettings.states.accountEmailsHeld', {
            perHour: state.perHour,
            held: state.held,
            since: dateTime(i18n.language, state.since),
          })}
        </p>
      )
    case 'webhooksOff':
    case 'webhooksFailing':
      return (
        <p>
          {t(`consoleSettings.states.${state.text}`, {
            urls: state.urls.join(', '),
            count: state.urls.length,
          })}
        </p>
      )
    case 'webhooksOk':
      return <p>{t('consoleSettings.states.webhooksOk', { count: state.count })}</p>
    default:
      return (
        <div className="space-y-1">
          {valueCode}
          <p>{t(`consoleSettings.states.${state.text}`)}</p>
        </div>
      )
  }
}
