import { useTranslation } from 'react-i18next'
import { ConsolePage, LoadState } from '../../components/console/console-page'
import { ReadinessSummary } from '../../features/console-settings/components/readiness-summary'
import { SettingsTable } from '../../features/console-settings/components/settings-table'
import { NewsEmailSection } from '../../features/console-settings/components/news-email-section'
import { OffsiteBackupsSection } from '../../features/console-settings/components/offsite-backups-section'
import { useReadiness } from '../../features/console-settings/hooks'

/**
 * Settings: what is set up, what is missing for going live, never a secret (decision 040); the weekly
 * email's switch, the one setting changed here (decision 064); and the off-site backups with the owner's
 * "Back up now" (issue 42).
 */
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
          <NewsEmailSection />
          <OffsiteBackupsSection />
        </>
      ) : (
        <LoadState query={readiness} />
      )}
    </ConsolePage>
  )
}
