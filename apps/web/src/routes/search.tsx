import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../components/ui/button'
import { HeartIcon } from '../components/ui/icons'
import { PageHeader } from '../components/ui/page-header'
import { LogoutButton } from '../features/auth/components/logout-button'
import { useSession } from '../features/auth/session-context'
import { GalleryView } from '../features/gallery/components/gallery-view'
import { useDocumentTitle } from '../lib/use-document-title'
import { renderFavoriteToggle } from './favorite-toggle-slot'
import { renderSaveToCollection } from './save-to-collection-slot'

/** The gallery (members only): header with greeting, Favorites and Logout, then the gallery itself. */
export function SearchRoute() {
  const { t } = useTranslation()
  const { user } = useSession()
  useDocumentTitle(t('gallery.pageTitle'))
  return (
    <>
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
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
        <GalleryView
          renderFavoriteToggle={renderFavoriteToggle}
          renderCollectionControl={renderSaveToCollection}
        />
      </div>
    </>
  )
}
