import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppwriteError, invalidParam, missingParam } from '../platform/appwrite/errors'
import { bodyParams, queryParams } from '../platform/appwrite/params'
import { said } from '../platform/error-messages/error-message'
import type { RouteDefinition } from '../platform/http/route-table'
import type { SignedIn } from '../platform/http/signed-in'
import type { StorefrontActor } from './storefront-repository'
import { draftModel, revisionTag, versionModel, versionSummaryModel } from './storefront-models'
import { previewRoute } from './storefront-preview-route'
import type { Storefront } from './storefront-wing'

const URL = '/v1/store/storefront'
/** The whole content is at most 400,000 characters of JSON (content.ts); its body, a little more. */
export const STOREFRONT_BODY_LIMIT = 512 * 1024
const VERSIONS_PAGE = { default: 25, max: 100 }
const VERSIONS_OFFSET_MAX = 1_000_000

/** `If-Match: "3"` (a weak `W/"3"` or a bare `3` too): the draft's revision the request started from. */
function revisionOf(request: FastifyRequest, required: true): number
function revisionOf(request: FastifyRequest, required: false): number | undefined
function revisionOf(request: FastifyRequest, required: boolean): number | undefined {
  const header = request.headers['if-match']
  if (header === undefined && !required) return undefined
  const match = typeof header === 'string' ? /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header) : null
  if (!match?.[1]) throw new AppwriteError('general_argument_invalid', said('storefrontIfMatch'))
  return Number(match[1])
}

/** The admin as a version and the audit log name them. */
const adminOf = (member: SignedIn): StorefrontActor => ({
  source: 'console',
  id: member.user.id,
  email: member.user.email,
})

const versionNumberSchema = z.object({ number: z.coerce.number().int().min(1).max(2_147_483_647) })

function versionNumber(request: FastifyRequest): number {
  const parsed = versionNumberSchema.safeParse(request.params)
  if (parsed.success) return parsed.data.number
  const given = z.object({ number: z.string().max(20) }).safeParse(request.params)
  throw new AppwriteError(
    'document_not_found',
    said('storefrontVersionNotFound', { number: given.success ? given.data.number : '?' }),
  )
}

/**
 * The console's "Tienda" (issue 41, decision 073): the published content and the draft, saving and
 * publishing with the draft's revision as `If-Match`, the versions and restoring one, and a preview of the
 * draft drawn as a visitor would get it. Admins only, in the console's route table.
 */
export function storefrontAdminRoutes({ service, pages, settings }: Storefront): RouteDefinition<SignedIn>[] {
  /** Serves the version this process just added before answering: whether visitors get it now. */
  const live = (version: number) => pages.changed(version)
  return [
    {
      method: 'GET',
      url: URL,
      access: 'admin',
      handler: async ({ reply }) => {
        // The owner opened the storefront: a preview or a publish may follow, drawn at once.
        void pages.warm()
        const { published, draft, revision } = await service.read()
        reply.header('ETag', revisionTag(revision))
        return {
          revision,
          published: {
            version: published.number,
            content: published.content,
            createdAt: versionSummaryModel(published).createdAt,
            actor: published.actor,
          },
          draft: draft && draftModel(draft),
        }
      },
    },
    {
      method: 'PUT',
      url: `${URL}/draft`,
      access: 'admin',
      bodyLimit: STOREFRONT_BODY_LIMIT,
      handler: async ({ request, reply, member }) => {
        const revision = revisionOf(request, true)
        const params = bodyParams(request.body)
        if (params.content === undefined || params.content === null) throw missingParam('content')
        const draft = await service.saveDraft(params.content, revision, member.user.email)
        return reply.header('ETag', revisionTag(draft.revision)).send(draftModel(draft))
      },
    },
    {
      method: 'DELETE',
      url: `${URL}/draft`,
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        await service.discardDraft(revisionOf(request, false), member.user.email)
        return reply.code(204).send()
      },
    },
    {
      method: 'POST',
      url: `${URL}/publish`,
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const version = await service.publish(revisionOf(request, true), adminOf(member))
        return reply.code(201).send({ ...versionSummaryModel(version), live: await live(version.number) })
      },
    },
    {
      method: 'GET',
      url: `${URL}/versions`,
      access: 'admin',
      handler: async ({ request }) => {
        const query = queryParams(request)
        const limit = z.coerce.number().int().min(1).max(VERSIONS_PAGE.max).default(VERSIONS_PAGE.default)
        const offset = z.coerce.number().int().min(0).max(VERSIONS_OFFSET_MAX).default(0)
        const parsedLimit = limit.safeParse(query.limit)
        if (!parsedLimit.success)
          throw invalidParam('limit', said('wholeNumberReason', { min: 1, max: VERSIONS_PAGE.max }))
        const parsedOffset = offset.safeParse(query.offset)
        if (!parsedOffset.success)
          throw invalidParam('offset', said('wholeNumberReason', { min: 0, max: VERSIONS_OFFSET_MAX }))
        const { total, versions } = await service.listVersions(parsedLimit.data, parsedOffset.data)
        return { total, versions: versions.map(versionSummaryModel) }
      },
    },
    {
      method: 'GET',
      url: `${URL}/versions/:number`,
      access: 'admin',
      handler: async ({ request }) => {
        const number = versionNumber(request)
        const version = await service.version(number)
        if (!version)
          throw new AppwriteError(
            'document_not_found',
            said('storefrontVersionNotFound', { number: String(number) }),
          )
        return versionModel(version)
      },
    },
    {
      method: 'POST',
      url: `${URL}/versions/:number/restore`,
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const { version, draftKept } = await service.restore(versionNumber(request), adminOf(member))
        return reply
          .code(201)
          .send({ ...versionSummaryModel(version), draftKept, live: await live(version.number) })
      },
    },
    previewRoute({ service, pages, settings }),
  ]
}
