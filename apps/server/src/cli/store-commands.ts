import { seedDemoCatalog } from '../catalog/demo-seed'
import type { AdminContext } from './admin-context'
import { done, type AdminRequest, type AdminResult } from './admin-request'

type StoreRequest = Extract<AdminRequest, { command: 'db migrate' | 'demo seed' }>

export async function runStoreCommand(
  { database }: AdminContext,
  request: StoreRequest,
): Promise<AdminResult> {
  switch (request.command) {
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
