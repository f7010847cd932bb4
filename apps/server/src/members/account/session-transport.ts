import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  decodeSessionValue,
  encodeSessionValue,
  readFallbackCookie,
  sessionCookieName,
  type SessionValue,
} from '../../platform/appwrite/session-cookie'
import type { OriginPolicy } from '../../platform/http/origin-policy'
import { remembered } from '../../platform/lib/remembered'
import type { SessionTransport } from './routes'

/** Every signed-in request carries its cookie: read once per distinct value, not per request. */
const decodeRemembered = remembered(decodeSessionValue, 10_000)

/**
 * Where a request's session comes from, in Appwrite's order: the cookie, then the
 * `X-Appwrite-Session` header, then the `X-Fallback-Cookies` JSON the SDK keeps for cross-site use.
 */
export function readSessionCredentials(request: FastifyRequest, projectId: string): SessionValue | null {
  const name = sessionCookieName(projectId)
  const fromHeader = request.headers['x-appwrite-session']
  const fallback = request.headers['x-fallback-cookies']
  const candidates = [
    request.cookies[name],
    typeof fromHeader === 'string' ? fromHeader : undefined,
    readFallbackCookie(typeof fallback === 'string' ? fallback : undefined, name),
  ]
  for (const candidate of candidates) {
    const value = candidate === undefined ? null : decodeRemembered(candidate)
    if (value) return value
  }
  return null
}

export function createSessionTransport(options: {
  projectId: string
  origins: OriginPolicy
  secureCookies: boolean
}): SessionTransport {
  const name = sessionCookieName(options.projectId)
  return {
    write(request, reply: FastifyReply, value) {
      const crossSite = options.origins.crossOrigin(request) !== null
      const secure = options.secureCookies || request.protocol === 'https'
      const encoded = value ? encodeSessionValue({ id: value.userId, secret: value.secret }) : ''
      reply.setCookie(name, encoded, {
        path: '/',
        httpOnly: true,
        secure,
        sameSite: crossSite && secure ? 'none' : 'lax',
        expires: value ? value.expire : new Date(0),
      })
      if (!value) reply.header('X-Fallback-Cookies', '[]')
      else if (crossSite) reply.header('X-Fallback-Cookies', JSON.stringify({ [name]: encoded }))
    },
  }
}
