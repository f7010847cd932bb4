import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { consoleErrorText } from '../../lib/console/console-error'
import { ConsolePage, LoadState } from '../../components/console/console-page'
import { useNotify } from '../../components/console/notice'
import { AnalyticsCard } from '../../features/console-overview/components/analytics-card'
import { FavouritesCard } from '../../features/console-overview/components/favourites-card'
import { CatalogueCard, MembersCard } from '../../features/console-overview/components/members-and-catalogue'
import { ReadinessNotice } from '../../features/console-overview/components/readiness-notice'
import { SalesCard } from '../../features/console-overview/components/sales-card'
import { SearchesCard } from '../../features/console-overview/components/searches-card'
import { useOverview, useReadiness, useWeekAnalytics } from '../../features/console-overview/hooks'

/**
 * The console's first page (issue 13): whether the store can sell, the last 7 days' visitors, conversion
 * and revenue (decision 065), members, the catalogue, 30 days of sales, the most favourited projects and
 * what members searched for without finding it.
 */
export function OverviewRoute() {
  const { t } = useTranslation()
  const notify = useNotify()
  const overview = useOverview()
  const readiness = useReadiness()
  const week = useWeekAnalytics()
  const refreshing = overview.isFetching || readiness.isFetching || week.isFetching

  async function refresh() {
    const [read] = await Promise.all([overview.refetch(), readiness.refetch(), week.refetch()])
    if (read.isError) notify('error', consoleErrorText(read.error, t))
    else notify('success', t('consoleOverview.refreshed'))
  }

  return (
    <ConsolePage
      title={t('console.nav.overview')}
      description={t('consoleOverview.description')}
      actions={
        <Button variant="secondary" onClick={() => void refresh()} disabled={refreshing}>
          {refreshing ? t('consoleOverview.refreshing') : t('consoleOverview.refresh')}
        </Button>
      }
    >
      <ReadinessNotice readiness={readiness.data} failed={readiness.isError} />
      {overview.data ? (
        <div aria-busy={overview.isFetching} className="space-y-6">
          <AnalyticsCard report={week.data} failed={week.isError} />
          <div className="grid gap-6 md:grid-cols-2">
            <MembersCard members={overview.data.members} />
            <CatalogueCard catalogue={overview.data.catalogue} />
          </div>
          <SalesCard sales={overview.data.sales} />
          <div className="grid gap-6 md:grid-cols-2">
            <FavouritesCard projects={overview.data.mostFavourited} />
            <SearchesCard
              searches={overview.data.searchesWithoutResults}
              others={overview.data.otherSearchesWithoutResults}
            />
          </div>
        </div>
      ) : (
        <LoadState query={overview} loadingText={t('consoleOverview.loading')} />
      )}
    </ConsolePage>
  )
}
