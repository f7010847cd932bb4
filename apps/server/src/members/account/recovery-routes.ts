import { emailSchema } from '@pg/shared/account'
import { z } from 'zod'
import { said } from '../../platform/error-messages/error-message'
import type { StoreOrigin } from '../../platform/http/store-origin'
import { emailedLinkUrl } from './emailed-link-url'
import { RESET_PASSWORD_PATH } from './password-link'
import { EMAIL_REASON, NEW_PASSWORD_REASON } from './param-reasons'
import { newPasswordSchema } from '../../platform/security/password-policy'
import { bodyParams, requiredParam } from '../../platform/appwrite/params'
import type { RouteDefinition } from '../../platform/http/route-table'
import type { Member } from './account-service'
import type { RecoveryService } from './recovery-service'
import { requestedMailLanguage } from '../../mail/mail-language'

/** Password recovery: open to anyone, signed in or not, as in Appwrite. */
export function recoveryRoutes(
  recovery: RecoveryService,
  storeOrigin: Pick<StoreOrigin, 'configured' | 'redirectOrigins'>,
): RouteDefinition<Member>[] {
  return [
    {
      method: 'POST',
      url: '/v1/account/recovery',
      access: 'public',
      handler: async ({ request, reply }) => {
        const params = bodyParams(request.body)
        const email = requiredParam(params, 'email', emailSchema, EMAIL_REASON)
        const rawUrl = requiredParam(
          params,
          'url',
          z.url({ protocol: /^https?$/ }).max(2048),
          said('urlReason'),
        )
        const url = emailedLinkUrl(storeOrigin, () => rawUrl, {
          path: RESET_PASSWORD_PATH,
          disabled: said('recoveryDisabled'),
        })
        const language = requestedMailLanguage(request.headers)
        reply.code(201)
        return recovery.request({ email, url, language, ip: request.ip })
      },
    },
    {
      method: 'PUT',
      url: '/v1/account/recovery',
      access: 'public',
      handler: async ({ request }) => {
        const params = bodyParams(request.body)
        const userId = requiredParam(params, 'userId', z.string().min(1).max(36), said('userIdReason'))
        const secret = requiredParam(params, 'secret', z.string().min(1).max(256), said('stringReason'))
        const password = requiredParam(params, 'password', newPasswordSchema, NEW_PASSWORD_REASON)
        return recovery.complete({ userId, secret, password })
      },
    },
  ]
}
