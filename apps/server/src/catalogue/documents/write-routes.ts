import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ID_PATTERN } from '@pg/shared/constants'
import type { SignedIn } from '../../platform/http/signed-in'
import { consoleActor } from '../../platform/http/admin-routes'
import { AppwriteError, invalidParam } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import { bodyParams, newIdParam } from '../../platform/appwrite/params'
import type { RouteDefinition } from '../../platform/http/route-table'
import type { DocumentRepository } from '../collections/document-repository'
import { DOCUMENT_PERMISSIONS, type DocumentWrites } from './document-writes'
import type { DatabasesService } from './service'

const DOCUMENTS = '/v1/databases/:databaseId/collections/:collectionId/documents'
const pathSchema = z.object({
  databaseId: z.string(),
  collectionId: z.string(),
  documentId: z.string().optional(),
})

/**
 * Texts only: `String()` of a request's value ran its `toString` (`{"toString":1}` threw) or walked an
 * array nested 20,000 deep until the stack overflowed, both a 500.
 */
const permissionsSchema = z.array(
  z.string().refine((permission) => DOCUMENT_PERMISSIONS.includes(permission)),
)

/** Documents keep the collection's permission (`read("users")`): none of their own may be set. */
function checkPermissions(params: Record<string, unknown>) {
  const permissions = params.permissions
  if (permissions === undefined || permissions === null) return
  if (!permissionsSchema.safeParse(permissions).success)
    throw invalidParam(
      'permissions',
      said('permissionsReason', { permissions: JSON.stringify(DOCUMENT_PERMISSIONS) }),
    )
}

/**
 * Appwrite's create, update and delete document, for the owner's console: members with the admin label
 * only (decision 036). The answer is the document as a member reads it.
 */
export function documentWriteRoutes(
  service: DatabasesService,
  writes: DocumentWrites,
  documents: DocumentRepository,
): RouteDefinition<SignedIn>[] {
  const locate = (request: FastifyRequest) => {
    const { databaseId, collectionId, documentId } = pathSchema.parse(request.params)
    return { context: service.locate(databaseId, collectionId), documentId }
  }
  const existing = (documentId: string | undefined) => {
    if (documentId === undefined || !ID_PATTERN.test(documentId))
      throw new AppwriteError('document_not_found')
    return documentId
  }
  const answer = async (context: ReturnType<typeof locate>['context'], documentId: string) => {
    const document = await documents.get(context, documentId, null)
    if (!document) throw new AppwriteError('document_not_found')
    return document
  }
  return [
    {
      method: 'POST',
      url: DOCUMENTS,
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const { context } = locate(request)
        const params = bodyParams(request.body)
        const documentId = newIdParam(params, 'documentId')
        if (params.data === undefined || params.data === null)
          throw invalidParam('data', said('jsonObjectReason'))
        checkPermissions(params)
        const id = await writes.create(context.collection, documentId, params.data, consoleActor(member))
        reply.code(201)
        return answer(context, id)
      },
    },
    {
      method: 'PATCH',
      url: `${DOCUMENTS}/:documentId`,
      access: 'admin',
      handler: async ({ request, member }) => {
        const { context, documentId } = locate(request)
        const id = existing(documentId)
        const params = bodyParams(request.body)
        checkPermissions(params)
        await writes.update(context.collection, id, params.data ?? {}, consoleActor(member))
        return answer(context, id)
      },
    },
    {
      method: 'DELETE',
      url: `${DOCUMENTS}/:documentId`,
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const { context, documentId } = locate(request)
        await writes.delete(context.collection, existing(documentId), consoleActor(member))
        return reply.code(204).send()
      },
    },
  ]
}
