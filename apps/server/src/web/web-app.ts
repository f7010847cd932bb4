import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { APP_PATHS } from '@pg/shared/routes'

/**
 * The page policy: scripts only from the store itself, video frames only from YouTube's
 * privacy-enhanced host, nothing else from outside.
 */
export const PAGE_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  'frame-src https://www.youtube-nocookie.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply

/**
 * Serves the built web app from `webDir`: hashed assets cached for a year, pages revalidated, and the
 * app's page for every route it knows (a 404 status for the rest, whose page the app draws).
 * Returns null when there is no build, so the server still answers the API.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<PageFallback | null> {
  const indexFile = path.join(webDir, 'index.html')
  if (!existsSync(indexFile)) {
    app.log.warn(`No web build in ${webDir}: serving the API only (run npm run build -w @pg/web)`)
    return null
  }
  const indexHtml = readFileSync(indexFile, 'utf8')
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    // One route per built file; everything else falls through to the app's page.
    wildcard: false,
    setHeaders: (response, file) => {
      const hashed = file.startsWith(path.join(webDir, 'assets') + path.sep)
      response.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      if (file.endsWith('.html')) response.header('Content-Security-Policy', PAGE_SECURITY_POLICY)
    },
  })
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    const known = APP_PATHS.includes(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)
    return reply
      .code(known ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', PAGE_SECURITY_POLICY)
      .header('X-Frame-Options', 'DENY')
      .send(indexHtml)
  }
}
