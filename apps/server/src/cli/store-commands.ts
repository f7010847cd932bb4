import { seedDemoCatalog } from '../catalogue/demo/demo-seed'
import type { AdminContext } from './admin-context'
import { done, refused, type AdminRequest, type AdminResult } from './admin-request'
import { restoreNeedsStoppedStore, runBackupCommand } from './backup-commands'
import { copyNeedsStoppedStore } from './copy-commands'

type StoreRequest = Extract<AdminRequest, { command: `db ${string}` | 'demo seed' }>

export async function runStoreCommand(context: AdminContext, request: StoreRequest): Promise<AdminResult> {
  const { database } = context
  switch (request.command) {
    case 'db backup':
      return runBackupCommand(context, request)
    case 'db backups list':
      return refused('db backups list is run by the CLI itself, not sent to a store.\n')
    case 'db restore':
      // The CLI restores by itself (admin-route.ts); a request that reaches an open database is refused.
      return refused(
        database.kind === 'postgres'
          ? 'db restore is run by the CLI itself, not sent to a store.\n'
          : restoreNeedsStoppedStore('The store has the embedded database open.'),
      )
    case 'db copy-to':
      // The CLI copies by itself (admin-route.ts): a request that reaches an open database is refused.
      return refused(
        database.kind === 'postgres'
          ? 'db copy-to is run by the CLI itself, not sent to a store.\n'
          : copyNeedsStoppedStore('The store has the embedded database open.'),
      )
    case 'db migrate':
      await database.migrate()
      return done(
        `The ${database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'} is up to date.\n`,
      )
    case 'demo seed': {
      const catalog = await seedDemoCatalog(database, { projects: request.projects, seed: request.seed })
      return done(`Loaded the demo catalogue: ${catalog.projects.length} projects (upserted by id).\n`)
    }
  }
}
