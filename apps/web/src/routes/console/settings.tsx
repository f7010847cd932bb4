import { useTranslation } from 'react-i18next'
import { ConsolePage, LoadState } from '../../components/console/console-page'
import { ReadinessSummary } from '../../features/console-settings/components/readiness-summary'
import { SettingsTable } from '../../features/console-settings/components/settings-table'
import { useReadiness } from '../../features/console-settings/hooks'

/** Settings, read-only: what is set up, what is missing for going live; never a secret (decision 040). */
export function SettingsRoute() {
  const { t } = useTranslation()
  const readiness = useReadiness()
  return (
    <ConsolePage title={t('console.nav.settings')} description={t('consoleSettings.description')}>
      {readiness.data ? (
        <>
          <ReadinessSummary readiness={readiness.data} />
          <SettingsTable items={readiness.data.items} />
          <p className="text-sm text-slate-600">{t('consoleSettings.howToChange')}</p>
        </>
      ) : (
        <LoadState query={readiness} />
      )}
    </ConsolePage>
  )
}
