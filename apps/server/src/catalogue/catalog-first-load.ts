import type { FastifyInstance, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import type { SignedIn } from '../platform/http/signed-in'
import { toAppwriteDate } from '../platform/appwrite/dates'
import type { Database } from '../platform/db/client'
import { catalogState } from '../platform/db/schema'
import { registerRouteTable, type RouteDefinition } from '../platform/http/route-table'
import { previousVisitOf } from '../platform/http/previous-visit'
import { NEW_PROJECT_DAYS } from '@pg/shared/new-project'

const DAY_MS = 24 * 60 * 60 * 1000

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
 * Since when projects are news to this member (issue 32, decision 064): their previous visit, or for a
 * member on their first visit the last `NEW_PROJECT_DAYS` days (the "Nuevo" rule), and never before the
 * catalogue's first load, whose projects are not news. Null while the catalogue has never held a project.
 */
export function newsSince(firstLoadedAt: Date | null, previousVisit: Date | null, now: Date): Date | null {
  if (firstLoadedAt === null) return null
  const since = previousVisit ?? new Date(now.getTime() - NEW_PROJECT_DAYS * DAY_MS)
  return since > firstLoadedAt ? since : firstLoadedAt
}

/**
 * What the gallery needs to know of the catalogue beside its documents (issue 28, item 13): a project is
 * "New" when it was added in the last 30 days and after the catalogue's first load, so that the first
 * load's 720 projects are not all new on a new store (decision 058). `newsSince` says from when the
 * dashboard's "Novedades" start for the member asking (issue 32). Members only, as the catalogue.
 */
export function catalogStateRoutes(
  firstLoad: () => Promise<Date | null>,
  now: () => Date = () => new Date(),
): RouteDefinition<SignedIn>[] {
  return [
    {
      method: 'GET',
      url: '/v1/store/catalog',
      access: 'member',
      handler: async ({ member }) => {
        const at = await firstLoad()
        const since = newsSince(at, previousVisitOf(member, now()), now())
        return {
          firstLoadedAt: at === null ? null : toAppwriteDate(at),
          newsSince: since === null ? null : toAppwriteDate(since),
        }
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
