import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  emailSchema,
  nameSchema,
  prefsProblem,
  prefsSchema,
  PREFS_MAX_BYTES,
  PREFS_MAX_DEPTH,
} from '@pg/shared/account'
import { z } from 'zod'
import { ID_PATTERN } from '@pg/shared/constants'
import { AppwriteError, invalidParam } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import { EMAIL_REASON, NAME_REASON, NEW_PASSWORD_REASON, PASSWORD_REASON } from './param-reasons'
import { newPasswordSchema } from '../../platform/security/password-policy'
import { bodyParams, newIdParam, optionalParam, requiredParam } from '../../platform/appwrite/params'
import { registerRouteTable, type RouteDefinition } from '../../platform/http/route-table'
import type { AccountService, Member } from './account-service'
import { sessionModel, userModel } from './models'
import type { SessionRow } from './session-repository'
import type { UserRow } from './user-repository'

export interface SessionTransport {
  /** Sets (or, with null, expires) the session cookie and the fallback header for cross-origin callers. */
  write: (
    request: FastifyRequest,
    reply: FastifyReply,
    value: { userId: string; secret: string; expire: Date } | null,
  ) => void
}

/**
 * Signing out (`DELETE /v1/account/sessions/:id`): in the table of the routes a session still needing its
 * second factor may call (issue 43), since giving up at the code step is signing out; such a session may
 * end itself only.
 */
export function signOutRoute(
  account: AccountService,
  transport: SessionTransport,
  needsSecondFactor: (member: Member) => boolean,
): RouteDefinition<Member> {
  return {
    method: 'DELETE',
    url: '/v1/account/sessions/:sessionId',
    access: 'member',
    handler: async ({ request, reply, member }) => {
      const sessionId = sessionIdOf(request)
      if (needsSecondFactor(member) && sessionId !== 'current' && sessionId !== member.session.id)
        throw new AppwriteError('user_more_factors_required')
      const { current } = await account.deleteSession(member, sessionId)
      if (current) transport.write(request, reply, null)
      return reply.code(204).send()
    },
  }
}

export function accountRoutes(
  account: AccountService,
  transport: SessionTransport,
): RouteDefinition<Member>[] {
  return [
    {
      method: 'POST',
      url: '/v1/account',
      access: 'guest',
      handler: async ({ request, reply }) => {
        const params = bodyParams(request.body)
        const userId = newIdParam(params, 'userId')
        const email = requiredParam(params, 'email', emailSchema, EMAIL_REASON)
        const password = requiredParam(params, 'password', newPasswordSchema, NEW_PASSWORD_REASON)
        const name = optionalParam(params, 'name', nameSchema, NAME_REASON)
        const user = await account.signUp({
          userId,
          email,
          password,
          name: name ?? '',
          ip: request.ip,
        })
        reply.code(201)
        return userModel(user)
      },
    },
    {
      method: 'POST',
      url: '/v1/account/sessions/email',
      access: 'guest',
      handler: async ({ request, reply }) => {
        const params = bodyParams(request.body)
        const email = requiredParam(params, 'email', emailSchema, EMAIL_REASON)
        const password = requiredParam(params, 'password', z.string().min(1).max(256), PASSWORD_REASON)
        const userAgent = request.headers['user-agent'] ?? ''
        const created = await account.createEmailSession({ email, password, ip: request.ip, userAgent })
        return answerNewSession(transport, request, reply, created)
      },
    },
    {
      method: 'GET',
      url: '/v1/account/sessions',
      access: 'member',
      handler: async ({ member }) => {
        const sessions = await account.listSessions(member)
        return {
          total: sessions.length,
          sessions: sessions.map((session) => sessionModel(session, member.session.id)),
        }
      },
    },
    {
      method: 'DELETE',
      url: '/v1/account/sessions',
      access: 'member',
      handler: async ({ request, reply, member }) => {
        await account.deleteAllSessions(member)
        transport.write(request, reply, null)
        return reply.code(204).send()
      },
    },
    {
      method: 'GET',
      url: '/v1/account/sessions/:sessionId',
      access: 'member',
      handler: async ({ request, member }) =>
        sessionModel(await account.getSession(member, sessionIdOf(request)), member.session.id),
    },
    {
      method: 'GET',
      url: '/v1/account/prefs',
      access: 'member',
      handler: async ({ member }) => member.user.prefs,
    },
    {
      method: 'PATCH',
      url: '/v1/account/prefs',
      access: 'member',
      handler: async ({ request, member }) => {
        const prefs = requiredParam(bodyParams(request.body), 'prefs', prefsSchema, said('objectReason'))
        // Before measuring: JSON.stringify of a value nested thousands deep overflows the stack.
        const problem = prefsProblem(prefs)
        if (problem === 'too_deep')
          throw invalidParam('prefs', said('prefsDepthReason', { levels: PREFS_MAX_DEPTH }))
        if (problem === 'not_unicode') throw invalidParam('prefs', said('unicodeReason'))
        if (Buffer.byteLength(JSON.stringify(prefs)) > PREFS_MAX_BYTES) {
          throw invalidParam('prefs', said('prefsSizeReason', { bytes: PREFS_MAX_BYTES }))
        }
        return userModel(await account.updatePrefs(member, prefs))
      },
    },
    {
      method: 'PATCH',
      url: '/v1/account/name',
      access: 'member',
      handler: async ({ request, member }) => {
        const name = requiredParam(bodyParams(request.body), 'name', nameSchema, NAME_REASON)
        return userModel(await account.updateName(member, name))
      },
    },
    {
      method: 'PATCH',
      url: '/v1/account/password',
      access: 'member',
      handler: async ({ request, member }) => {
        const params = bodyParams(request.body)
        const password = requiredParam(params, 'password', newPasswordSchema, NEW_PASSWORD_REASON)
        const oldPassword = optionalParam(params, 'oldPassword', z.string().max(256), PASSWORD_REASON)
        return userModel(await account.updatePassword(member, password, oldPassword))
      },
    },
  ]
}

/**
 * A session just made (by a password, an emailed link or a code): its cookie set, and Appwrite's Session
 * model with 201.
 */
export function answerNewSession(
  transport: SessionTransport,
  request: FastifyRequest,
  reply: FastifyReply,
  created: { user: UserRow; session: SessionRow; secret: string },
) {
  transport.write(request, reply, {
    userId: created.user.id,
    secret: created.secret,
    expire: created.session.expiresAt,
  })
  reply.code(201)
  return { ...sessionModel(created.session, created.session.id), providerUid: created.user.email }
}

/** An id that cannot exist is simply not found, without asking the database. */
function sessionIdOf(request: FastifyRequest): string {
  const params = z
    .object({ sessionId: z.union([z.literal('current'), z.string().regex(ID_PATTERN)]) })
    .safeParse(request.params)
  if (!params.success) throw new AppwriteError('user_session_not_found')
  return params.data.sessionId
}

export function registerAccountRoutes(
  app: FastifyInstance,
  routes: RouteDefinition<Member>[],
  authenticate: (request: FastifyRequest) => Promise<Member | null>,
): void {
  registerRouteTable(app, routes, { authenticate, unauthorized: 'general_unauthorized_scope' })
}
