import { createMembersService, type MembersService } from '../account/members-service'
import { createRecoveryService } from '../account/recovery-service'
import { createSessionRepository } from '../account/session-repository'
import { createTokenRepository } from '../account/token-repository'
import { createUserRepository } from '../account/user-repository'
import { createCatalogService, type CatalogService } from '../catalog/catalog-service'
import type { DatabaseHandle } from '../db/client'
import type { Mailer } from '../mail/mailer'
import { createRateLimiter } from '../security/rate-limits'

/** The services every admin command runs on: built by the CLI, or by the running server for its socket. */
export interface AdminContext {
  database: DatabaseHandle
  members: MembersService
  catalog: CatalogService
  /** The embedded database's DATA_DIR, where `db backup` writes (unset for a PostgreSQL server). */
  dataDir?: string
}

export function createAdminContext(options: {
  database: DatabaseHandle
  mailer: Mailer
  /** Where invitation links point: `StoreOrigin.linkOrigin` of the server, or of the CLI's configuration. */
  linkOrigin: () => string
  dataDir?: string
}): AdminContext {
  const { database, mailer } = options
  const users = createUserRepository(database.db)
  const sessions = createSessionRepository(database.db)
  const tokens = createTokenRepository(database.db)
  const recovery = createRecoveryService({
    users,
    sessions,
    tokens,
    rateLimiter: createRateLimiter(database),
    mailer,
    // Invitations wait for their mail and report failures themselves; nothing is sent in the background.
    onMailError: () => undefined,
  })
  return {
    database,
    members: createMembersService({
      db: database.db,
      users,
      sessions,
      tokens,
      recovery,
      linkOrigin: options.linkOrigin,
    }),
    catalog: createCatalogService(database),
    dataDir: options.dataDir,
  }
}
