import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { invalidParam } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import { queryParams, readTotalParam } from '../../platform/appwrite/params'
import { QUERY_LIMITS } from '../../platform/appwrite/queries'
import { registerRouteTable, type RouteDefinition } from '../../platform/http/route-table'
import type { DatabasesService } from './service'

const DOCUMENTS = '/v1/databases/:databaseId/collections/:collectionId/documents'

const pathSchema = z.object({
  databaseId: z.string(),
  collectionId: z.string(),
  documentId: z.string().optional(),
})

/**
 * Every distinct query string is a key of the answer cache and work for the database: one far longer than
 * the gallery ever sends is refused before anything else (decision 017).
 */
function refuseLongQueryString(request: FastifyRequest) {
  const start = request.url.indexOf('?')
  const length = start === -1 ? 0 : request.url.length - start - 1
  if (length > QUERY_LIMITS.maxQueryStringLength) {
    throw invalidParam(
      'queries',
      said('queryStringReason', { max: QUERY_LIMITS.maxQueryStringLength, length }),
    )
  }
}

const readPath = (request: FastifyRequest) => pathSchema.parse(request.params)

/** The query string's `queries` and `total`: read only when the answer is not in the cache. */
function readQuery(request: FastifyRequest) {
  const query = queryParams(request)
  return { queries: query.queries, withTotal: readTotalParam(query) }
}

/** How the routes tell members apart, without knowing what a member is. */
export interface DatabaseReaders<M> {
  /** Whose searches must see their own changes at once (admins: decision 041). */
  readsOwnWrites: (member: M) => boolean
  /**
   * The member's id: the search log bounds what one member adds to it (issue 28, item 4); undefined for
   * a caller whose searches are not the members' (an API key's script, issue 44).
   */
  idOf: (member: M) => string | undefined
}

/** The four collections are readable by signed-in members only (`read("users")`); nothing is writable. */
export function databaseRoutes<M>(
  service: DatabasesService,
  readers: DatabaseReaders<M>,
): RouteDefinition<M>[] {
  // An unknown database or collection is a 404 for everyone, as in Appwrite.
  const precheck = (request: FastifyRequest) => {
    refuseLongQueryString(request)
    const { databaseId, collectionId } = readPath(request)
    service.locate(databaseId, collectionId)
  }
  return [
    {
      method: 'GET',
      url: DOCUMENTS,
      access: 'member',
      precheck,
      handler: async ({ request, reply, member }) => {
        const { databaseId, collectionId } = readPath(request)
        const fresh = readers.readsOwnWrites(member)
        const answer = await service.listDocuments(
          { databaseId, collectionId, url: request.url, fresh, searcher: readers.idOf(member) },
          () => readQuery(request),
        )
        return reply.type('application/json; charset=utf-8').send(answer)
      },
    },
    {
      method: 'GET',
      url: `${DOCUMENTS}/:documentId`,
      access: 'member',
      precheck,
      handler: async ({ request, reply }) => {
        const { databaseId, collectionId, documentId = '' } = readPath(request)
        const answer = await service.getDocument(
          { databaseId, collectionId, url: request.url },
          documentId,
          () => readQuery(request).queries,
        )
        return reply.type('application/json; charset=utf-8').send(answer)
      },
    },
  ]
}

export function registerDatabaseRoutes<M>(
  app: FastifyInstance,
  service: DatabasesService,
  authenticate: (request: FastifyRequest) => Promise<M | null>,
  readers: DatabaseReaders<M>,
): void {
  registerRouteTable(app, databaseRoutes(service, readers), {
    authenticate,
    unauthorized: 'user_unauthorized',
  })
  app.addHook('onReady', () => service.warmUp())
}
