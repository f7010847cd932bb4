import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { analyticsAdminRoutes } from '../analytics/analytics-admin-routes'
import { catalogFileRoutes } from '../catalogue/editing/catalog-file-routes'
import type { CatalogFileReading } from '../catalogue/editing/catalog-file-reading'
import { documentWriteRoutes } from '../catalogue/documents/write-routes'
import { synonymAdminRoutes } from '../catalogue/search/synonyms/synonym-admin-routes'
import type { Member } from '../members/account/account-service'
import { createMemberActivity } from '../members/inactivity/member-activity'
import { membersAdminRoutes } from '../members/management/members-admin-routes'
import type { MembersFileReading } from '../members/management/members-file'
import { createMembersImport } from '../members/management/members-import'
import { usersRoutes } from '../members/users/users-routes'
import type { DatabaseHandle } from '../platform/db/client'
import { registerAdminRoutes } from '../platform/http/admin-routes'
import { orderAdminRoutes } from '../selling/orders/order-admin-routes'
import { storefrontAdminRoutes } from '../storefront/storefront-admin-routes'
import { auditRoutes } from './audit-routes'
import { storeAdminRoutes } from './store-admin-routes'
import type { OffsiteBackups } from '../operations/offsite-backups/offsite-backups'

export interface ConsoleWingOptions {
  config: Parameters<typeof storeAdminRoutes>[0]['config']
  database: DatabaseHandle
  /** Who asks (the members' wing finds them). */
  authenticate: (request: FastifyRequest) => Promise<Member | null>
  /** Reads the console's files off the main thread (decision 056). */
  files: CatalogFileReading & MembersFileReading
  /** The off-site backups: Settings' status and "Copia de seguridad ahora" (issue 42). */
  offsiteBackups: OffsiteBackups
  now?: () => Date
}

/**
 * The owner's console (issue 13): the routes of every wing that only admins may call, in one table with
 * one rule (decisions 035–040), and the console's own overview, readiness and audit log.
 */
export const consoleWing = fp<ConsoleWingOptions>(
  async (app, { config, database, authenticate, files, offsiteBackups, now }) => {
    const { catalogue, members } = app
    registerAdminRoutes(
      app,
      [
        ...usersRoutes(members.users),
        ...membersAdminRoutes(
          createMemberActivity(database.db, now),
          createMembersImport({ db: database.db, members: members.members }),
          files,
          database.db,
        ),
        ...documentWriteRoutes(catalogue.databases, catalogue.documentWrites, catalogue.documents),
        ...catalogFileRoutes(catalogue.catalog, files, database.db, catalogue.catalogVersion.changed),
        ...synonymAdminRoutes({
          db: database.db,
          synonyms: catalogue.synonyms,
          searchIndex: catalogue.searchIndex,
        }),
        ...orderAdminRoutes(app.orders, database.db),
        ...auditRoutes(database.db),
        ...storeAdminRoutes({
          database,
          catalog: catalogue.catalog,
          settings: app.storeSettings,
          config,
          accountEmailCeiling: app.members.accountEmailCeiling,
          offsiteBackups,
          onBackupError: (error) =>
            app.log.error({ err: error }, 'the backup asked for in the console failed'),
          searchLog: catalogue.searchLog,
          automations: app.automations.service,
          now,
        }),
        ...app.newsEmail.adminRoutes,
        ...analyticsAdminRoutes({ analytics: app.analytics, database, now }),
        ...storefrontAdminRoutes(app.storefront),
        ...app.automations.routes,
      ],
      authenticate,
      config.adminMfa === 'required',
    )
  },
  {
    name: 'console',
    dependencies: ['analytics', 'members', 'catalogue', 'selling', 'returning', 'storefront', 'automations'],
  },
)
