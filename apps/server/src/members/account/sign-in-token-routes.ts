import { emailSchema } from '@pg/shared/account'
import { z } from 'zod'
import { bodyParams, newIdParam, optionalParam, requiredParam } from '../../platform/appwrite/params'
import { said } from '../../platform/error-messages/error-message'
import type { StoreOrigin } from '../../platform/http/store-origin'
import type { RouteDefinition } from '../../platform/http/route-table'
import { requestedMailLanguage } from '../../mail/mail-language'
import type { Member } from './account-service'
import { emailedLinkUrl } from './emailed-link-url'
import { EMAIL_REASON } from './param-reasons'
import { answerNewSession, type SessionTransport } from './routes'
import { SIGN_IN_LINK_PATH } from '@pg/shared/routes'
import type { SignInTokenKind, SignInTokenService } from './sign-in-tokens'

/**
 * Signing in without a password (issue 31), on Appwrite's wire format: `POST /v1/account/tokens/magic-url`
 * and `/tokens/email` send a link and a code; `POST /v1/account/sessions/token` and the older
 * `PUT /v1/account/sessions/magic-url` turn either into a session.
 */
export function signInTokenRoutes(
  signIn: SignInTokenService,
  transport: SessionTransport,
  storeOrigin: Pick<StoreOrigin, 'configured' | 'redirectOrigins' | 'linkOrigin'>,
): RouteDefinition<Member>[] {
  const request =
    (kind: SignInTokenKind): RouteDefinition<Member>['handler'] =>
    async ({ request, reply }) => {
      const params = bodyParams(request.body)
      // Appwrite's userId names the account a new email would make; the store makes none this way.
      newIdParam(params, 'userId')
      const email = requiredParam(params, 'email', emailSchema, EMAIL_REASON)
      const rawUrl =
        kind === 'link'
          ? optionalParam(params, 'url', z.url({ protocol: /^https?$/ }).max(2048), said('urlReason'))
          : undefined
      const phrase = optionalParam(params, 'phrase', z.boolean(), said('booleanReason')) ?? false
      const url = emailedLinkUrl(
        storeOrigin,
        () => rawUrl ?? new URL(SIGN_IN_LINK_PATH, storeOrigin.linkOrigin()).toString(),
        { path: SIGN_IN_LINK_PATH, disabled: said('signInLinkDisabled') },
      )
      const language = requestedMailLanguage(request.headers)
      reply.code(201)
      return signIn.request({ email, kind, url, phrase, language, ip: request.ip })
    }

  const createSession: RouteDefinition<Member>['handler'] = async ({ request, reply }) => {
    const params = bodyParams(request.body)
    const userId = requiredParam(params, 'userId', z.string().min(1).max(36), said('userIdReason'))
    const secret = requiredParam(params, 'secret', z.string().min(1).max(256), said('stringReason'))
    const userAgent = request.headers['user-agent'] ?? ''
    const created = await signIn.createSession({ userId, secret, ip: request.ip, userAgent })
    return answerNewSession(transport, request, reply, created)
  }

  return [
    { method: 'POST', url: '/v1/account/tokens/magic-url', access: 'public', handler: request('link') },
    { method: 'POST', url: '/v1/account/tokens/email', access: 'public', handler: request('code') },
    { method: 'POST', url: '/v1/account/sessions/token', access: 'guest', handler: createSession },
    { method: 'PUT', url: '/v1/account/sessions/magic-url', access: 'guest', handler: createSession },
  ]
}
