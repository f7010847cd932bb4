import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../components/ui/button'
import { SearchIcon } from '../components/ui/icons'
import { PageHeader } from '../components/ui/page-header'
import { LogoutButton } from '../features/auth/components/logout-button'
import { useSession } from '../features/auth/session-context'
import { useFavorites } from '../features/favorites/favorites-context'
import { ProjectCollection } from '../features/gallery/components/project-collection'
import { WhatsNew } from '../features/gallery/components/whats-new'
import { PurchaseSection } from '../features/purchase/components/purchase-section'
import { useDocumentTitle } from '../lib/use-document-title'
import { renderFavoriteToggle } from './favorite-toggle-slot'
import { MyCollectionsSection } from './my-collections-section'
import { renderSaveToCollection } from './save-to-collection-slot'

/**
 * The dashboard (members only): greeting, Browse Projects, Logout, "My purchase", what's new since the last
 * visit and "My Favorite Projects".
 */
export function HomeRoute() {
  const { t } = useTranslation()
  const { user } = useSession()
  const { ids } = useFavorites()
  useDocumentTitle(t('dashboard.title'))
  return (
    <>
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
      <PurchaseSection />
      <WhatsNew
        renderFavoriteToggle={renderFavoriteToggle}
        renderCollectionControl={renderSaveToCollection}
      />
      <section aria-labelledby="favorite-projects" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
        <div className="mb-6 flex items-baseline justify-between gap-4">
          <h2 id="favorite-projects" className="text-xl font-bold tracking-tight text-slate-900">
            {t('dashboard.favoritesHeading')}
          </h2>
          {ids.length > 0 && (
            <p className="text-sm text-slate-600">{t('dashboard.count', { count: ids.length })}</p>
          )}
        </div>
        <ProjectCollection
          ids={ids}
          emptyText={t('dashboard.empty')}
          loadingText={t('dashboard.loading')}
          renderFavoriteToggle={renderFavoriteToggle}
          renderCollectionControl={renderSaveToCollection}
        />
      </section>
      <MyCollectionsSection />
    </>
  )
}
