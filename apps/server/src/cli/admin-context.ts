import { createMembersService, type MembersService } from '../account/members-service'
import { createRecoveryService } from '../account/recovery-service'
import { createSessionRepository } from '../account/session-repository'
import { createTokenRepository } from '../account/token-repository'
import { createUserRepository } from '../account/user-repository'
import { createCatalogService, type CatalogService } from '../catalog/catalog-service'
import type { Config } from '../config'
import type { DatabaseHandle } from '../db/client'
import type { Mailer } from '../mail/mailer'
import { createRateLimiter } from '../security/rate-limits'

/** The services every admin command runs on: built by the CLI, or by the running server for its socket. */
export interface AdminContext {
  database: DatabaseHandle
  members: MembersService
  catalog: CatalogService
}

/** Where invitation links point: the public origin, else the local server the owner runs. */
export const storeOrigin = (config: Pick<Config, 'publicOrigin' | 'port'>) =>
  config.publicOrigin ?? `http://localhost:${config.port === 0 ? 3000 : config.port}`

export function createAdminContext(options: {
  database: DatabaseHandle
  mailer: Mailer
  webOrigin: string
}): AdminContext {
  const { database, mailer } = options
  const users = createUserRepository(database.db)
  const sessions = createSessionRepository(database.db)
  const recovery = createRecoveryService({
    users,
    sessions,
    tokens: createTokenRepository(database.db),
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
      recovery,
      webOrigin: options.webOrigin,
    }),
    catalog: createCatalogService(database),
  }
}
