import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { emailSchema, labelSchema, nameSchema } from '@pg/shared/account'
import { ID_PATTERN } from '@pg/shared/constants'
import { AppwriteError } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import {
  bodyParams,
  newIdParam,
  optionalParam,
  queryParams,
  readTotalParam,
  requiredParam,
} from '../../platform/appwrite/params'
import { readQueriesParam } from '../../platform/appwrite/queries'
import type { Member } from '../account/account-service'
import { sessionModel, userModel } from '../account/models'
import { EMAIL_REASON, NAME_REASON, NEW_PASSWORD_REASON } from '../account/param-reasons'
import type { RouteDefinition } from '../../platform/http/route-table'
import { MAIL_LANGUAGES, requestedMailLanguage } from '../../mail/mail-language'
import { newPasswordSchema } from '../../platform/security/password-policy'
import { parseUserListQueries } from './user-list-queries'
import type { UsersService } from './users-service'

const LABELS_REASON = said('labelsReason')
const SEARCH_REASON = said('searchReason')

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
  const query = queryParams(request)
  const search = optionalParam(query, 'search', z.string().max(256), SEARCH_REASON)
  return {
    query: parseUserListQueries(readQueriesParam(query.queries), search?.trim()),
    withTotal: readTotalParam(query),
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
        const userId = newIdParam(params, 'userId')
        const email = requiredParam(params, 'email', emailSchema, EMAIL_REASON)
        const password = optionalParam(params, 'password', newPasswordSchema, NEW_PASSWORD_REASON)
        const name = optionalParam(params, 'name', nameSchema, NAME_REASON)
        const user = await users.create(member, {
          userId,
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
        await users.delete(member, userIdOf(request))
        return reply.code(204).send()
      },
    },
    {
      method: 'PATCH',
      url: '/v1/users/:userId/name',
      access: 'admin',
      handler: async ({ request, member }) => {
        const name = requiredParam(bodyParams(request.body), 'name', nameSchema, NAME_REASON)
        return userModel(await users.updateName(member, userIdOf(request), name))
      },
    },
    {
      method: 'PATCH',
      url: '/v1/users/:userId/email',
      access: 'admin',
      handler: async ({ request, member }) => {
        const email = requiredParam(bodyParams(request.body), 'email', emailSchema, EMAIL_REASON)
        return userModel(await users.updateEmail(member, userIdOf(request), email))
      },
    },
    {
      method: 'PATCH',
      url: '/v1/users/:userId/status',
      access: 'admin',
      handler: async ({ request, member }) => {
        const status = requiredParam(bodyParams(request.body), 'status', z.boolean(), said('booleanReason'))
        return userModel(await users.updateStatus(member, userIdOf(request), status))
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
        return userModel(await users.updateLabels(member, userIdOf(request), labels))
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
        await users.deleteSessions(member, userIdOf(request))
        return reply.code(204).send()
      },
    },
    {
      method: 'DELETE',
      url: '/v1/users/:userId/sessions/:sessionId',
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        await users.deleteSession(member, userIdOf(request), sessionIdOf(request))
        return reply.code(204).send()
      },
    },
    {
      // Who owns the store, whom the console cannot take the label from, disable or delete (decision 058).
      method: 'GET',
      url: '/v1/store/owner',
      access: 'admin',
      handler: async () => ({ owner: await users.owner() }),
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
            said('languageReason'),
          ) ?? requestedMailLanguage(request.headers)
        await users.invite(member, userIdOf(request), language)
        return reply.code(204).send()
      },
    },
  ]
}
