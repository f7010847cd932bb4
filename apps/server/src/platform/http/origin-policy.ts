import type { FastifyReply, FastifyRequest } from 'fastify'

/** Headers the appwrite web SDK sends, allowed on cross-origin requests. */
const ALLOWED_HEADERS = [
  'Accept',
  'Cache-Control',
  'Content-Type',
  'Content-Range',
  'Range',
  'X-Appwrite-Project',
  'X-Appwrite-Locale',
  'X-Appwrite-Mode',
  'X-Appwrite-JWT',
  'X-Appwrite-Response-Format',
  'X-Appwrite-Session',
  'X-Appwrite-ID',
  'X-Fallback-Cookies',
  'X-SDK-Version',
  'X-SDK-Name',
  'X-SDK-Language',
  'X-SDK-Platform',
].join(', ')

/** Methods that change something: the ones a forged request is after. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * `Origin: null` is what a browser sends from a sandboxed frame, a `data:` or `file:` page, or after a
 * cross-origin redirect: pages anyone can make, and a form there posts `text/plain` with no preflight.
 * With a cookie on a state-changing method it can only be such a page using the member's cookies, so
 * it is foreign (decision 056); without a cookie it carries nobody's rights and is left as it was.
 */
export const isOpaqueOriginWithCookies = (request: FastifyRequest) =>
  request.headers.origin === 'null' &&
  STATE_CHANGING.has(request.method) &&
  (request.headers.cookie ?? '') !== ''

export interface OriginPolicy {
  ownOrigin: (request: FastifyRequest) => string
  /** The caller's Origin when it is another, allowed, origin; null when same-origin or absent. */
  crossOrigin: (request: FastifyRequest) => string | null
  isAllowed: (request: FastifyRequest) => boolean
  applyCors: (request: FastifyRequest, reply: FastifyReply) => void
}

/** The origin the request was addressed to, normalised (`http://localhost:80` is `http://localhost`). */
function addressedOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin
  } catch {
    return ''
  }
}

export function createOriginPolicy(options: {
  publicOrigin: string | undefined
  allowedOrigins: string[]
}): OriginPolicy {
  const ownOrigin = (request: FastifyRequest) => options.publicOrigin ?? addressedOrigin(request)
  const callerOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin
    return typeof origin === 'string' && origin !== 'null' ? origin : null
  }
  const isOwn = (request: FastifyRequest, origin: string) =>
    origin === ownOrigin(request) || origin === addressedOrigin(request)
  const crossOrigin = (request: FastifyRequest) => {
    const origin = callerOrigin(request)
    if (!origin || isOwn(request, origin)) return null
    return options.allowedOrigins.includes(origin) ? origin : null
  }
  return {
    ownOrigin,
    crossOrigin,
    isAllowed: (request) => {
      const origin = callerOrigin(request)
      return origin === null || isOwn(request, origin) || crossOrigin(request) !== null
    },
    applyCors: (request, reply) => {
      reply.header('Vary', 'Origin')
      const origin = crossOrigin(request)
      if (!origin) return
      reply.header('Access-Control-Allow-Origin', origin)
      reply.header('Access-Control-Allow-Credentials', 'true')
      reply.header('Access-Control-Expose-Headers', 'X-Fallback-Cookies, X-Appwrite-Session')
      if (request.method === 'OPTIONS') {
        reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE')
        reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        reply.header('Access-Control-Max-Age', '86400')
      }
    },
  }
}
