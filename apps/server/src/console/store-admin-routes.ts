import type { Member } from '../members/account/account-service'
import type { CatalogService } from '../catalogue/editing/catalog-service'
import type { DatabaseHandle } from '../platform/db/client'
import type { StoreSettings } from '../selling/downloads/store-settings'
import type { RouteDefinition } from '../platform/http/route-table'
import type { SearchLog } from '../catalogue/search-log/search-log'
import { storeOverview } from './store-overview'
import { storeReadiness } from './store-readiness'

/** The console's Overview and Settings pages, for admins (decision 040). */
export function storeAdminRoutes(options: {
  database: DatabaseHandle
  catalog: CatalogService
  settings: StoreSettings
  config: Parameters<typeof storeReadiness>[0]['config']
  accountEmailCeiling: Parameters<typeof storeReadiness>[0]['accountEmailCeiling']
  /** Written before the Overview is read, so it shows the searches made until now. */
  searchLog?: Pick<SearchLog, 'flush'>
  now?: () => Date
}): RouteDefinition<Member>[] {
  return [
    {
      method: 'GET',
      url: '/v1/store/overview',
      access: 'admin',
      handler: async () => {
        await options.searchLog?.flush()
        return storeOverview(options.database, options.catalog, options.now?.())
      },
    },
    {
      method: 'GET',
      url: '/v1/store/settings',
      access: 'admin',
      handler: () =>
        storeReadiness({
          config: options.config,
          settings: options.settings,
          embedded: options.database.kind === 'pglite',
          accountEmailCeiling: options.accountEmailCeiling,
        }),
    },
  ]
}
