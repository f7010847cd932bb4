import type { FastifyInstance, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import type { SignedIn } from '../platform/http/signed-in'
import { toAppwriteDate } from '../platform/appwrite/dates'
import type { Database } from '../platform/db/client'
import { catalogState } from '../platform/db/schema'
import { registerRouteTable, type RouteDefinition } from '../platform/http/route-table'

/**
 * When the catalogue first got projects (the demo, or the owner's first import: migration 0011 sets it
 * in that transaction). Once set it never changes, so it is read until it is, then kept.
 */
export function createCatalogFirstLoad(db: Database) {
  let known: Date | null = null
  return async (): Promise<Date | null> => {
    if (known) return known
    const [row] = await db
      .select({ at: catalogState.firstLoadedAt })
      .from(catalogState)
      .where(eq(catalogState.id, 1))
    known = row?.at ?? null
    return known
  }
}

/**
 * What the gallery needs to know of the catalogue beside its documents (issue 28, item 13): a project is
 * "New" when it was added in the last 30 days and after the catalogue's first load, so that the first
 * load's 720 projects are not all new on a new store (decision 058). Members only, as the catalogue.
 */
export function catalogStateRoutes(firstLoad: () => Promise<Date | null>): RouteDefinition<SignedIn>[] {
  return [
    {
      method: 'GET',
      url: '/v1/store/catalog',
      access: 'member',
      handler: async () => {
        const at = await firstLoad()
        return { firstLoadedAt: at === null ? null : toAppwriteDate(at) }
      },
    },
  ]
}

export function registerCatalogStateRoutes(
  app: FastifyInstance,
  db: Database,
  authenticate: (request: FastifyRequest) => Promise<SignedIn | null>,
): void {
  registerRouteTable(app, catalogStateRoutes(createCatalogFirstLoad(db)), {
    authenticate,
    unauthorized: 'user_unauthorized',
  })
}
