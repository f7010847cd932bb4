import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { emailSchema, labelSchema, nameSchema } from '@pg/shared/account'
import { ID_PATTERN } from '@pg/shared/constants'
import { AppwriteError, invalidParam } from '../appwrite/errors'
import { bodyParams, optionalParam, requiredParam } from '../appwrite/params'
import { readQueriesParam } from '../appwrite/queries'
import type { Member } from '../account/account-service'
import { isAdmin } from '../account/admin-access'
import { sessionModel, userModel } from '../account/models'
import { EMAIL_REASON, NAME_REASON, NEW_PASSWORD_REASON } from '../account/param-reasons'
import { registerRouteTable, type RouteDefinition } from '../http/route-table'
import { MAIL_LANGUAGES, pickMailLanguage } from '../mail/mail-language'
import { newPasswordSchema } from '../security/password-policy'
import { parseUserListQueries } from './user-list-queries'
import type { UsersService } from './users-service'

const USER_ID_PATTERN = /^(unique\(\)|[a-zA-Z0-9][a-zA-Z0-9._-]{0,35})$/
const USER_ID_REASON =
  "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char"
const LABELS_REASON =
  'Value must a valid array no longer than 1000 items and Value must be a valid string of 1 to 36 letters (a–z, A–Z) and digits (0–9)'
const SEARCH_REASON = 'Value must be a valid string and no longer than 256 chars'

/** A path's member id: one that cannot exist is not found, as Appwrite answers. */
function userIdOf(request: FastifyRequest): string {
  const params = z.object({ userId: z.string().regex(ID_PATTERN) }).safeParse(request.params)
  if (!params.success) throw new AppwriteError('user_not_found')
  return params.data.userId
}

function sessionIdOf(request: FastifyRequest): string {
  const params = z.object({ sessionId: z.string().regex(ID_PATTERN) }).safeParse(request.params)
  if (!params.success) throw new AppwriteError('user_session_not_found')
  return params.data.sessionId
}

function listParams(request: FastifyRequest) {
  const query: Record<string, unknown> =
    typeof request.query === 'object' && request.query !== null ? { ...request.query } : {}
  const search = optionalParam(query, 'search', z.string().max(256), SEARCH_REASON)
  const total = query.total
  if (total !== undefined && !['true', 'false', '1', '0'].includes(String(total)))
    throw invalidParam('total', 'Value must be a valid boolean')
  return {
    query: parseUserListQueries(readQueriesParam(query.queries), search?.trim()),
    withTotal: total !== 'false' && total !== '0',
  }
}

/**
 * Appwrite's Users service (the subset the owner's console uses) and the store's member invitation,
 * for members with the admin label only (issue 13).
 */
export function usersRoutes(users: UsersService): RouteDefinition<Member>[] {
  return [
    {
      method: 'GET',
      url: '/v1/users',
      access: 'admin',
      handler: async ({ request }) => {
        const { query, withTotal } = listParams(request)
        const page = await users.list(query, withTotal)
        return { total: page.total, users: page.users.map(userModel) }
      },
    },
    {
      method: 'POST',
      url: '/v1/users',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const params = bodyParams(request.body)
        const userId = requiredParam(params, 'userId', z.string().regex(USER_ID_PATTERN), USER_ID_REASON)
        const email = requiredParam(params, 'email', emailSchema, EMAIL_REASON)
        const password = optionalParam(params, 'password', newPasswordSchema, NEW_PASSWORD_REASON)
        const name = optionalParam(params, 'name', nameSchema, NAME_REASON)
        const user = await users.create(member.user, {
          userId: userId === 'unique()' ? undefined : userId,
          email,
          password,
          name: name ?? '',
        })
        reply.code(201)
        return userModel(user)
      },
    },
    {
      method: 'GET',
      url: '/v1/users/:userId',
      access: 'admin',
      handler: async ({ request }) => userModel(await users.get(userIdOf(request))),
    },
    {
      method: 'DELETE',
      url: '/v1/users/:userId',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        await users.delete(member.user, userIdOf(request))
        return reply.code(204).send()
      },
    },
    {
      method: 'PATCH',
      url: '/v1/users/:userId/status',
      access: 'admin',
      handler: async ({ request, member }) => {
        const status = requiredParam(
          bodyParams(request.body),
          'status',
          z.boolean(),
          'Value must be a valid boolean',
        )
        return userModel(await users.updateStatus(member.user, userIdOf(request), status))
      },
    },
    {
      method: 'PUT',
      url: '/v1/users/:userId/labels',
      access: 'admin',
      handler: async ({ request, member }) => {
        const labels = requiredParam(
          bodyParams(request.body),
          'labels',
          z.array(labelSchema).max(1000),
          LABELS_REASON,
        )
        return userModel(await users.updateLabels(member.user, userIdOf(request), labels))
      },
    },
    {
      method: 'GET',
      url: '/v1/users/:userId/sessions',
      access: 'admin',
      handler: async ({ request, member }) => {
        const sessions = await users.listSessions(userIdOf(request))
        return {
          total: sessions.length,
          sessions: sessions.map((session) => sessionModel(session, member.session.id)),
        }
      },
    },
    {
      method: 'DELETE',
      url: '/v1/users/:userId/sessions',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        await users.deleteSessions(member.user, userIdOf(request))
        return reply.code(204).send()
      },
    },
    {
      method: 'DELETE',
      url: '/v1/users/:userId/sessions/:sessionId',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        await users.deleteSession(member.user, userIdOf(request), sessionIdOf(request))
        return reply.code(204).send()
      },
    },
    {
      method: 'POST',
      url: '/v1/store/members/:userId/invitation',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const language =
          optionalParam(
            bodyParams(request.body),
            'language',
            z.enum(MAIL_LANGUAGES),
            'Value must be one of es, en',
          ) ??
          pickMailLanguage(
            typeof request.headers['x-appwrite-locale'] === 'string'
              ? request.headers['x-appwrite-locale']
              : undefined,
            request.headers['accept-language'],
          )
        await users.invite(member.user, userIdOf(request), language)
        return reply.code(204).send()
      },
    },
  ]
}

export function registerUsersRoutes(
  app: FastifyInstance,
  routes: RouteDefinition<Member>[],
  authenticate: (request: FastifyRequest) => Promise<Member | null>,
): void {
  registerRouteTable(app, routes, { authenticate, unauthorized: 'user_unauthorized', isAdmin })
}
