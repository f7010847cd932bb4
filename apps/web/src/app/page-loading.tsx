import { useTranslation } from 'react-i18next'
import { Spinner } from '../components/ui/spinner'

/** Shown while a route module loads for the first time. */
export function PageLoading() {
  const { t } = useTranslation()
  return <Spinner label={t('app.loading')} />
}
