import { useTranslation } from 'react-i18next'
import { ConsolePage } from '../../features/console/components/console-page'

export function AuditRoute() {
  const { t } = useTranslation()
  return <ConsolePage title={t('console.nav.audit')}>{null}</ConsolePage>
}
