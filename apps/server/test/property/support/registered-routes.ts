import type { FastifyInstance } from 'fastify'

export interface RegisteredRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Fastify's pattern: `/v1/users/:userId`. */
  url: string
}

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
const isMethod = (method: string): method is RegisteredRoute['method'] => METHODS.has(method)

/**
 * Every route the app registered, read from Fastify's own tree (`printRoutes`), so a route added to any
 * wing is driven without anyone listing it. Each line is `<indent><segment> (<methods>)`, four
 * characters of indent a level, a segment continuing its parent's path. HEAD and OPTIONS are left out
 * (Fastify's own, answered as GET or by CORS).
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = []
  const paths: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│├└─]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line)
    if (!match) continue
    const [, indent = '', segment = '', methods = ''] = match
    const depth = Math.floor(indent.length / 4)
    const url = `${paths[depth - 1] ?? ''}${segment}`
    paths[depth] = url
    paths.length = depth + 1
    for (const method of methods.split(', ')) if (isMethod(method)) routes.push({ method, url })
  }
  return routes
}
