import { useTranslation } from 'react-i18next'
import { useSession } from '../features/auth/session-context'
import { CollectionsManager } from '../features/collections/components/collections-manager'

/** "My collections" on the dashboard, after the favourites (issue 32). */
export function MyCollectionsSection() {
  const { t } = useTranslation()
  const { user } = useSession()
  if (!user) return null
  return (
    <section aria-labelledby="my-collections" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <h2 id="my-collections" className="mb-4 text-xl font-bold tracking-tight text-slate-900">
        {t('collections.heading')}
      </h2>
      <CollectionsManager memberId={user.id} />
    </section>
  )
}
