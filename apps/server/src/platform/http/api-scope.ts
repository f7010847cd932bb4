import path from 'node:path'
import type { FastifyRequest } from 'fastify'

/**
 * The path a request target names, as the router reads it: the path of an absolute-form target
 * (`http://host/v1/account`), percent-decoded (`/%761/account`), with repeated slashes and dot
 * segments resolved; the query left out.
 */
export function targetPath(url: string): string {
  let pathname = url.split(/[?#]/, 1)[0] ?? ''
  if (!pathname.startsWith('/')) {
    try {
      pathname = new URL(url).pathname
    } catch {
      return pathname
    }
  }
  try {
    pathname = decodeURIComponent(pathname)
  } catch {
    // A malformed escape stays as it is: such a path matches no route either.
  }
  return path.posix.normalize(pathname)
}

/**
 * Whether the API's policy (origin check, CORS, its CSP, `no-store`) governs a request: by the route
 * that answers it, else, for an address no route answers, by the path it names. Never by the raw
 * target, which `/%761/account` or an absolute-form target would slip past.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const pathname = request.routeOptions.url ?? targetPath(request.url)
  return pathname === '/v1' || pathname.startsWith('/v1/')
}
