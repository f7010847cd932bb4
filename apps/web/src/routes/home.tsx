import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../components/ui/button'
import { SearchIcon } from '../components/ui/icons'
import { PageHeader } from '../components/ui/page-header'
import { LogoutButton } from '../features/auth/components/logout-button'
import { useSession } from '../features/auth/session-context'
import { useDocumentTitle } from '../lib/use-document-title'

/** The dashboard (members only). Its favourites section comes with the favourites feature. */
export function HomeRoute() {
  const { t } = useTranslation()
  const { user } = useSession()
  useDocumentTitle(t('dashboard.title'))
  return (
    <PageHeader
      title={t('dashboard.title')}
      greeting={t('members.welcome', { name: user?.name || user?.email })}
      actions={
        <>
          <ButtonLink to="/search">
            <SearchIcon className="size-4" />
            {t('dashboard.browse')}
          </ButtonLink>
          <LogoutButton redirectTo="/" />
        </>
      }
    />
  )
}
