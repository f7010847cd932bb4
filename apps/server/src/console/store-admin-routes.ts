import type { Member } from '../members/account/account-service'
import type { CatalogService } from '../catalogue/editing/catalog-service'
import type { DatabaseHandle } from '../platform/db/client'
import type { StoreSettings } from '../selling/downloads/store-settings'
import type { RouteDefinition } from '../platform/http/route-table'
import type { SearchLog } from '../catalogue/search-log/search-log'
import { storeOverview } from './store-overview'
import { storeReadiness } from './store-readiness'
import { sql } from 'drizzle-orm'
import { ADMIN_LABEL } from '@pg/shared/account'
import type { OffsiteBackups } from '../operations/offsite-backups/offsite-backups'
import type { AutomationsService } from '../automations/automations-service'
import { AppwriteError } from '../platform/appwrite/errors'
import { consoleActor } from '../platform/http/admin-routes'
import { said } from '../platform/error-messages/error-message'

/** The console's Overview and Settings pages, for admins (decision 040). */
export function storeAdminRoutes(options: {
  database: DatabaseHandle
  catalog: CatalogService
  settings: StoreSettings
  config: Parameters<typeof storeReadiness>[0]['config']
  accountEmailCeiling: Parameters<typeof storeReadiness>[0]['accountEmailCeiling']
  /** The off-site backups' status and the owner's "back up now" (issue 42). */
  offsiteBackups: OffsiteBackups
  /** Written before the Overview is read, so it shows the searches made until now. */
  searchLog?: Pick<SearchLog, 'flush'>
  now?: () => Date
  /** A backup the console asked for that failed before its upload (a full disk): the log says why. */
  onBackupError?: (error: unknown) => void
  /** The automations (issue 44): Settings names the webhook endpoints turned off or failing. */
  automations: Pick<AutomationsService, 'overview'>
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
          offsiteBackups: options.offsiteBackups,
          adminsWithoutMfa: async () => {
            const rows = await options.database.rows(
              sql`SELECT email FROM users WHERE ${ADMIN_LABEL} = ANY(labels) AND enabled AND NOT mfa ORDER BY lower(email)`,
            )
            return rows.map((row) => String(row.email))
          },
          webhookEndpoints: async () => (await options.automations.overview()).endpoints,
        }),
    },
    {
      method: 'GET',
      url: '/v1/store/backups',
      access: 'admin',
      handler: () => options.offsiteBackups.status(),
    },
    {
      // "Copia de seguridad ahora": a backup, uploaded to the bucket; answered at once (202), the console
      // follows it on GET. A failed upload is retried with backoff, as the daily one's.
      method: 'POST',
      url: '/v1/store/backups',
      access: 'admin',
      bodyLimit: 1024,
      handler: async ({ member, reply }) => {
        const { offsiteBackups } = options
        if (!offsiteBackups.configured)
          throw new AppwriteError('general_argument_invalid', said('offsiteNotConfigured'))
        if (offsiteBackups.problem) throw new AppwriteError('general_argument_invalid', said('offsiteNoKey'))
        const started = offsiteBackups.backUpNow(consoleActor(member))
        started.catch((error: unknown) => options.onBackupError?.(error))
        const status = await offsiteBackups.status()
        return reply.code(202).send({ ...status, running: true })
      },
    },
  ]
}
