import type { FastifyRequest } from 'fastify'
import { ADMIN_LABEL } from '@pg/shared/account'
import { AppwriteError } from '../appwrite/errors'
import { said } from '../error-messages/error-message'
import type { SignedIn } from '../http/signed-in'
import type { RateLimiter, RateLimitRule } from '../security/rate-limits'
import { apiKeyHash, isApiKeyForm } from './api-key-secrets'
import type { ApiKeyRow, ApiKeysRepository } from './api-keys-repository'
import { scopeOfRoute } from './key-scopes'

/** Requests one key may make: 600 a minute, counted in the database so every instance shares it. */
export const KEY_RATE_LIMIT: RateLimitRule = { name: 'api-key', limit: 600, windowSeconds: 60 }

/**
 * A request made with an API key as the routes know a signed-in admin: a member-shaped stand-in with the
 * admin label and the key's id, so that the handlers the console calls run unchanged ("each call behaves
 * exactly like the same action in the console"), and `key` names the key for the audit log.
 */
function keyCaller(key: ApiKeyRow): SignedIn {
  const at = key.createdAt
  const id = `key-${key.id}`
  return {
    key: { id: key.id, name: key.name, scopes: key.scopes },
    user: {
      id,
      sequence: 0,
      createdAt: at,
      updatedAt: at,
      email: key.name,
      name: key.name,
      passwordHash: '',
      passwordUpdatedAt: at,
      enabled: true,
      labels: [ADMIN_LABEL],
      prefs: {},
      accessedAt: at,
      blockedReason: null,
      inactivityWarnedAt: null,
      grantedByOwner: true,
      previousVisitAt: null,
      firstSignedInAt: null,
      mfa: true,
      totpSecret: null,
      totpVerifiedAt: null,
      totpLastStep: null,
      recoveryCodes: [],
    },
    session: {
      id,
      sequence: 0,
      createdAt: at,
      updatedAt: at,
      userId: id,
      secretHash: '',
      expiresAt: key.expiresAt ?? new Date(8.64e15),
      ip: '',
      userAgent: 'api-key',
      factors: ['key'],
      mfaUpdatedAt: at,
    },
  }
}

/**
 * Who sends a request that carries `X-Appwrite-Key` (issue 44): the key's stand-in, once the key is
 * live, sent from no browser, within its rate and holding the scope the route needs; else the refusal.
 * Decided from the headers alone, before the body is read.
 */
export function createKeyAuthentication(options: {
  keys: ApiKeysRepository
  rateLimiter: RateLimiter
  now?: () => Date
}) {
  const now = options.now ?? (() => new Date())

  async function callerOf(request: FastifyRequest, secret: string): Promise<SignedIn> {
    // A page's script could be made to send a key it was given: keys are for servers, never browsers.
    if (request.headers.origin !== undefined)
      throw new AppwriteError('user_unauthorized', said('apiKeyFromBrowser'))
    const key = isApiKeyForm(secret) ? await options.keys.findBySecretHash(apiKeyHash(secret)) : undefined
    const at = now()
    if (!key || key.revokedAt || (key.expiresAt && key.expiresAt <= at))
      throw new AppwriteError('user_unauthorized', said('apiKeyRefused'))
    const scope = scopeOfRoute(request.method, request.routeOptions.url)
    if (!scope || !key.scopes.includes(scope))
      throw new AppwriteError('general_unauthorized_scope', said('apiKeyScope', { scope: scope ?? null }))
    const limited = await options.rateLimiter.hit(KEY_RATE_LIMIT, key.id)
    if (limited) throw limited
    await options.keys.touch(key.id, at)
    return keyCaller(key)
  }

  return {
    /** `authenticate` that also takes a key: the key when the request carries one, else the session. */
    withApiKeys(authenticate: (request: FastifyRequest) => Promise<SignedIn | null>) {
      return async (request: FastifyRequest): Promise<SignedIn | null> => {
        const secret = request.headers['x-appwrite-key']
        if (secret === undefined) return authenticate(request)
        return callerOf(request, Array.isArray(secret) ? '' : secret)
      }
    },
  }
}

export type KeyAuthentication = ReturnType<typeof createKeyAuthentication>
