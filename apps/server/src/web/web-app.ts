import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { APP_PATHS, MEMBER_PATHS, RECOVERY_PATHS } from '@pg/shared/routes'
import type { Config } from '../config'
import { pickLanguage } from './page-language'
import { loadPrerenderedPages, type PrerenderedPages } from './page-store'
import { robotsTxt, sitemapXml } from './seo-files'

/**
 * The page policy: scripts only from the store itself (JSON-LD blocks are data, not scripts, and need
 * no exception), video frames only from YouTube's privacy-enhanced host, images also from https
 * addresses (an imported catalogue's thumbnails; decision 009), nothing else from outside.
 */
export const PAGE_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  'frame-src https://www.youtube-nocookie.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const HSTS = 'max-age=31536000; includeSubDomains'
const PAGE_VARY = 'Cookie, Accept-Language, Accept-Encoding'

export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply

type WebConfig = Pick<Config, 'webDir' | 'publicOrigin' | 'checkoutUrl' | 'supportEmail'>

/** A host name with an optional port; anything else in Host falls back to localhost. */
const SAFE_ORIGIN = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i

function requestOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  if (publicOrigin) return publicOrigin
  const origin = `${request.protocol}://${request.host}`
  return SAFE_ORIGIN.test(origin) ? origin.toLowerCase() : 'http://localhost'
}

function normalizedPath(url: string): string {
  const pathname = url.split('?')[0] ?? '/'
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}

/** br when the browser takes it, else gzip, else none (`q=0` refuses an encoding). */
function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = (header ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
    .map((part) => part.split(';')[0])
  if (accepted.includes('br')) return 'br'
  if (accepted.includes('gzip')) return 'gzip'
  return null
}

function pageName(pathname: string, checkoutConfigured: boolean): { name: string; status: number } {
  if (!APP_PATHS.includes(pathname)) return { name: '404', status: 404 }
  if ([...MEMBER_PATHS, ...RECOVERY_PATHS].some((path) => path === pathname))
    return { name: 'shell', status: 200 }
  if (pathname === '/') return { name: 'index', status: 200 }
  const name = pathname.slice(1)
  return {
    name: name === 'landing-pack-apps' && !checkoutConfigured ? `${name}.no-checkout` : name,
    status: 200,
  }
}

function sendPage(pages: PrerenderedPages, config: WebConfig, request: FastifyRequest, reply: FastifyReply) {
  const pathname = normalizedPath(request.url)
  const { language, explicit } = pickLanguage(request)
  const { name, status } = pageName(pathname, config.checkoutUrl !== undefined)
  const origin = requestOrigin(request, config.publicOrigin)
  // The Spanish page is the default address; English has its own (`?lang=en`) when asked for there.
  const selfUrl = `${origin}${pathname}${explicit && language === 'en' ? '?lang=en' : ''}`
  const session = Object.keys(request.cookies).some((cookie) => cookie.startsWith('a_session_'))
  const body = pages.get({ language, name, origin, selfUrl, session: session ? 'present' : 'none' })
  const encoding = pickEncoding(request.headers['accept-encoding'])
  const etag = encoding ? `${body.etag.slice(0, -1)}-${encoding}"` : body.etag
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('ETag', etag)
    .header('Vary', PAGE_VARY)
    .header('Content-Language', language)
    .header('Content-Security-Policy', PAGE_SECURITY_POLICY)
    .header('X-Frame-Options', 'DENY')
  if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send()
  if (encoding) reply.header('Content-Encoding', encoding)
  return reply.send(encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity)
}

/**
 * Serves the built web app from `webDir`: hashed assets cached for a year and precompressed, pages
 * revalidated, in the visitor's language when the build is prerendered (a 404 status for unknown
 * routes, whose page the app draws), robots.txt and sitemap.xml. Returns null when there is no build,
 * so the server still answers the API.
 */
export async function registerWebApp(app: FastifyInstance, config: WebConfig): Promise<PageFallback | null> {
  app.addHook('onRequest', async (request, reply) => {
    // Behind a TLS-terminating proxy this needs TRUST_PROXY, so X-Forwarded-Proto is believed.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS)
  })
  const { webDir } = config
  const indexFile = path.join(webDir, 'index.html')
  if (!existsSync(indexFile)) {
    app.log.warn(`No web build in ${webDir}: serving the API only (run npm run build -w @pg/web)`)
    return null
  }
  const indexHtml = readFileSync(indexFile, 'utf8')
  const pages = loadPrerenderedPages(webDir, config)
  const languageDirs = ['es', 'en'].map((language) => path.join(webDir, language) + path.sep)
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    // One route per built file; everything else falls through to the app's page.
    wildcard: false,
    preCompressed: true,
    // Prerendered pages hold placeholders: they are only sent filled in, through the page routes.
    allowedPath: (_pathName, _root, request) =>
      !languageDirs.some((dir) => path.join(webDir, request.url.split('?')[0] ?? '').startsWith(dir)),
    setHeaders: (response, file) => {
      const hashed = file.startsWith(path.join(webDir, 'assets') + path.sep)
      response.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      if (file.endsWith('.html')) response.header('Content-Security-Policy', PAGE_SECURITY_POLICY)
    },
  })
  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(robotsTxt(requestOrigin(request, config.publicOrigin))),
  )
  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(sitemapXml(requestOrigin(request, config.publicOrigin))),
  )

  if (pages) return (request, reply) => sendPage(pages, config, request, reply)
  // A build without prerendered pages (an older build, or a test's fixture): the app's one page.
  return (request, reply) => {
    const known = APP_PATHS.includes(normalizedPath(request.url))
    return reply
      .code(known ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', PAGE_SECURITY_POLICY)
      .header('X-Frame-Options', 'DENY')
      .send(indexHtml)
  }
}
