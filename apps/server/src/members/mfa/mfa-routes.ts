import { z } from 'zod'
import { AppwriteError, invalidParam } from '../../platform/appwrite/errors'
import { toAppwriteDate } from '../../platform/appwrite/dates'
import { bodyParams, requiredParam } from '../../platform/appwrite/params'
import { said } from '../../platform/error-messages/error-message'
import type { RouteDefinition } from '../../platform/http/route-table'
import { needsSecondFactor, type SignedIn } from '../../platform/http/signed-in'
import type { MfaService, SecondFactor } from './mfa-service'

/** The User and Session models as the account's routes write them. */
export interface MfaModels {
  user: (user: SignedIn['user']) => unknown
  session: (session: SignedIn['session'], currentId: string) => unknown
}

const OTP_REASON = said('otpReason')
const otpSchema = z.string().trim().min(1).max(64)
const factorSchema = z.enum(['totp', 'email', 'recoverycode'])

/** Only the authenticator app (`totp`) is an authenticator here, as in Appwrite. */
function authenticatorType(params: unknown) {
  const type = (params as { type?: unknown }).type
  if (type !== 'totp') throw invalidParam('type', said('authenticatorTypeReason'))
}

/**
 * Appwrite's MFA routes (issue 43) that a session still needing its second factor may call: who it is,
 * its factors, and the challenge that completes it. `authenticate` here finds such sessions too.
 */
export function secondFactorRoutes(mfa: MfaService, models: MfaModels): RouteDefinition<SignedIn>[] {
  return [
    {
      method: 'GET',
      url: '/v1/account',
      access: 'member',
      handler: async ({ member }) => {
        if (needsSecondFactor(member)) throw new AppwriteError('user_more_factors_required')
        return models.user(member.user)
      },
    },
    {
      method: 'GET',
      url: '/v1/account/mfa/factors',
      access: 'member',
      handler: async ({ member }) => mfa.listFactors(member),
    },
    {
      method: 'POST',
      url: '/v1/account/mfa/challenges',
      access: 'member',
      bodyLimit: 1024,
      handler: async ({ member, request, reply }) => {
        const params = bodyParams(request.body)
        const factor = requiredParam(params, 'factor', factorSchema, said('factorReason')) as SecondFactor
        const challenge = await mfa.createChallenge(member, factor)
        reply.code(201)
        return {
          $id: challenge.id,
          $createdAt: toAppwriteDate(challenge.createdAt),
          userId: challenge.userId,
          expire: toAppwriteDate(challenge.expiresAt),
        }
      },
    },
    {
      method: 'PUT',
      url: '/v1/account/mfa/challenges',
      access: 'member',
      bodyLimit: 1024,
      handler: async ({ member, request }) => {
        const params = bodyParams(request.body)
        const challengeId = requiredParam(
          params,
          'challengeId',
          z.string().min(1).max(64),
          said('challengeIdReason'),
        )
        const otp = requiredParam(params, 'otp', otpSchema, OTP_REASON)
        await mfa.completeChallenge(member, challengeId, otp, request.ip)
        const proved = { ...member.session, mfaUpdatedAt: new Date() }
        return models.session(proved, member.session.id)
      },
    },
  ]
}

/** Appwrite's MFA routes for a signed-in member (their second factor proved, when they have one). */
export function mfaRoutes(
  mfa: MfaService,
  models: MfaModels,
  adminMfa: 'required' | 'optional',
): RouteDefinition<SignedIn>[] {
  return [
    {
      // Whether the console asks admins for a second factor (ADMIN_MFA): its enrolment gate reads it.
      method: 'GET',
      url: '/v1/store/mfa-policy',
      access: 'member',
      handler: async () => ({ required: adminMfa === 'required' }),
    },
    {
      method: 'POST',
      url: '/v1/account/mfa/authenticators/:type',
      access: 'member',
      bodyLimit: 1024,
      handler: async ({ member, request }) => {
        authenticatorType(request.params)
        return mfa.createAuthenticator(member)
      },
    },
    {
      method: 'PUT',
      url: '/v1/account/mfa/authenticators/:type',
      access: 'member',
      bodyLimit: 1024,
      handler: async ({ member, request }) => {
        authenticatorType(request.params)
        const otp = requiredParam(bodyParams(request.body), 'otp', otpSchema, OTP_REASON)
        return models.user(await mfa.verifyAuthenticator(member, otp, request.ip))
      },
    },
    {
      method: 'DELETE',
      url: '/v1/account/mfa/authenticators/:type',
      access: 'member',
      bodyLimit: 1024,
      handler: async ({ member, request, reply }) => {
        authenticatorType(request.params)
        await mfa.deleteAuthenticator(member)
        return reply.code(204).send()
      },
    },
    {
      method: 'PATCH',
      url: '/v1/account/mfa',
      access: 'member',
      bodyLimit: 1024,
      handler: async ({ member, request }) => {
        const on = requiredParam(bodyParams(request.body), 'mfa', z.boolean(), said('booleanReason'))
        return models.user(await mfa.updateMfa(member, on))
      },
    },
    {
      method: 'POST',
      url: '/v1/account/mfa/recovery-codes',
      access: 'member',
      bodyLimit: 1024,
      handler: async ({ member, reply }) => {
        reply.code(201)
        return mfa.createRecoveryCodes(member)
      },
    },
    {
      // The codes are kept hashed and shown once: reading them tells how many are left, each masked.
      method: 'GET',
      url: '/v1/account/mfa/recovery-codes',
      access: 'member',
      handler: async ({ member }) => ({ recoveryCodes: member.user.recoveryCodes.map(() => '••••••••••') }),
    },
    {
      method: 'PATCH',
      url: '/v1/account/mfa/recovery-codes',
      access: 'member',
      bodyLimit: 1024,
      handler: async ({ member }) => mfa.updateRecoveryCodes(member),
    },
  ]
}
