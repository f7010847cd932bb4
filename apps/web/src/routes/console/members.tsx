import { useTranslation } from 'react-i18next'
import { ConsolePage } from '../../features/console/components/console-page'

export function MembersRoute() {
  const { t } = useTranslation()
  return <ConsolePage title={t('console.nav.members')}>{null}</ConsolePage>
}
