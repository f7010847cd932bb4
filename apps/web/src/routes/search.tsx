import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../components/ui/button'
import { HeartIcon } from '../components/ui/icons'
import { PageHeader } from '../components/ui/page-header'
import { LogoutButton } from '../features/auth/components/logout-button'
import { useSession } from '../features/auth/session-context'
import { useDocumentTitle } from '../lib/use-document-title'

/** The gallery (members only). Its search, filters and project grid come with the gallery feature. */
export function SearchRoute() {
  const { t } = useTranslation()
  const { user } = useSession()
  useDocumentTitle(t('gallery.pageTitle'))
  return (
    <PageHeader
      title={t('gallery.title')}
      greeting={t('members.welcome', { name: user?.name || user?.email })}
      actions={
        <>
          <ButtonLink to="/home" variant="secondary">
            <HeartIcon className="size-4" />
            {t('gallery.favorites')}
          </ButtonLink>
          <LogoutButton redirectTo="/login" />
        </>
      }
    />
  )
}
