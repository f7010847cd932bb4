import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '../components/ui/button'
import { SearchIcon } from '../components/ui/icons'
import { PageHeader } from '../components/ui/page-header'
import { useSession } from '../features/auth/session-context'
import { CollectionView } from '../features/collections/components/collection-view'
import { ProjectCollection } from '../features/gallery/components/project-collection'
import { useDocumentTitle } from '../lib/use-document-title'
import { renderFavoriteToggle } from './favorite-toggle-slot'
import { MyCollectionsSection } from './my-collections-section'
import { renderOwnCollectionControls, renderSaveToCollection } from './save-to-collection-slot'

/**
 * `/collections` (issue 32): the member's collections, or with `?id=` one collection's projects as the
 * gallery's cards, in its order: the owner's to change, another member's shared one to look at.
 */
export function CollectionsRoute() {
  const { t } = useTranslation()
  const { user } = useSession()
  const id = useSearchParams()[0].get('id')
  useDocumentTitle(t('collections.pageTitle'))
  if (!user) return null
  return (
    <>
      <PageHeader
        title={t('collections.pageTitle')}
        greeting={t('members.welcome', { name: user.name || user.email })}
        actions={
          <>
            {id && (
              <ButtonLink to="/collections" variant="secondary">
                {t('collections.page.back')}
              </ButtonLink>
            )}
            <ButtonLink to="/search">
              <SearchIcon className="size-4" />
              {t('dashboard.browse')}
            </ButtonLink>
          </>
        }
      />
      {id ? (
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
          <CollectionView
            id={id}
            memberId={user.id}
            renderProjects={(collection, editable) => (
              <ProjectCollection
                ids={collection.projectIds}
                order="as-given"
                emptyText={editable ? t('collections.page.empty') : t('collections.page.emptyShared')}
                loadingText={t('collections.page.loadingProjects')}
                renderFavoriteToggle={renderFavoriteToggle}
                renderCollectionControl={editable ? renderOwnCollectionControls : renderSaveToCollection}
              />
            )}
          />
        </div>
      ) : (
        <MyCollectionsSection />
      )}
    </>
  )
}
