import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { MEMBER_COLLECTIONS_ID } from '@pg/shared/member-collections'
import { AppwriteError, missingParam } from '../../platform/appwrite/errors'
import { bodyParams, newIdParam, queryParams, readTotalParam } from '../../platform/appwrite/params'
import { readQueriesParam } from '../../platform/appwrite/queries'
import type { RouteDefinition } from '../../platform/http/route-table'
import type { SignedIn } from '../../platform/http/signed-in'
import type { CollectionRequest, CollectionService } from './collection-service'

/**
 * A static `collections` segment: Fastify's router prefers it to the catalogue's `:collectionId`, so
 * these routes answer for the members' collections and the catalogue's answer for its four (decision 064).
 */
const DOCUMENTS = `/v1/databases/:databaseId/collections/${MEMBER_COLLECTIONS_ID}/documents`

const pathSchema = z.object({ databaseId: z.string(), documentId: z.string().optional() })

const readQueries = (request: FastifyRequest) => readQueriesParam(queryParams(request).queries)

/**
 * Appwrite's documents API over the members' collections, for signed-in members (visitors get 401
 * before their body is read); an unknown database is a 404 for everyone, as in Appwrite.
 */
export function collectionRoutes(
  service: CollectionService,
  databaseId: string,
): RouteDefinition<SignedIn>[] {
  const precheck = (request: FastifyRequest) => {
    if (pathSchema.parse(request.params).databaseId !== databaseId)
      throw new AppwriteError('database_not_found')
  }
  const asked = (member: SignedIn): CollectionRequest => ({ memberId: member.user.id, databaseId })
  const documentIdOf = (request: FastifyRequest) => pathSchema.parse(request.params).documentId ?? ''
  return [
    {
      method: 'POST',
      url: DOCUMENTS,
      access: 'member',
      precheck,
      handler: async ({ request, reply, member }) => {
        const params = bodyParams(request.body)
        const documentId = newIdParam(params, 'documentId')
        if (params.data === undefined || params.data === null) throw missingParam('data')
        const document = await service.create(asked(member), {
          documentId,
          data: params.data,
          permissions: params.permissions,
        })
        reply.code(201)
        return document
      },
    },
    {
      method: 'GET',
      url: DOCUMENTS,
      access: 'member',
      precheck,
      handler: async ({ request, reply, member }) =>
        reply
          .type('application/json; charset=utf-8')
          .send(
            await service.listAnswer(
              asked(member),
              readQueries(request),
              readTotalParam(queryParams(request)),
            ),
          ),
    },
    {
      method: 'GET',
      url: `${DOCUMENTS}/:documentId`,
      access: 'member',
      precheck,
      handler: async ({ request, member }) =>
        service.get(asked(member), documentIdOf(request), readQueries(request)),
    },
    {
      method: 'PATCH',
      url: `${DOCUMENTS}/:documentId`,
      access: 'member',
      precheck,
      handler: async ({ request, member }) => {
        const params = bodyParams(request.body)
        return service.update(asked(member), documentIdOf(request), {
          data: params.data,
          permissions: params.permissions,
        })
      },
    },
    {
      method: 'DELETE',
      url: `${DOCUMENTS}/:documentId`,
      access: 'member',
      precheck,
      handler: async ({ request, reply, member }) => {
        await service.delete(asked(member), documentIdOf(request))
        return reply.code(204).send()
      },
    },
  ]
}
