import { existsSync, readFileSync, realpathSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { APP_PATHS, SHELL_PATHS, shellPageName, THANK_YOU_PATHS } from '@pg/shared/routes'
import type { Config } from '../platform/config'
import { targetPath } from '../platform/http/api-scope'
import type { PageFallback } from '../platform/http/error-handler'
import type { StoreOrigin } from '../platform/http/store-origin'
import { pickLanguage } from './page-language'
import { fillBackendSettings, loadPrerenderedPages, type PrerenderedPages } from './page-store'
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

export type WebConfig = Pick<
  Config,
  'webDir' | 'publicOrigin' | 'checkoutUrl' | 'supportEmail' | 'projectId' | 'databaseId'
>

/** `/faq/`, `/fa%71` and `http://host/faq` are `/faq`. */
function normalizedPath(url: string): string {
  const pathname = targetPath(url)
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}

/**
 * Whether a file the static routes would send lies inside the web folder once symlinks are resolved
 * (@fastify/static and `send` follow them): a link to a file elsewhere is never served. Its
 * precompressed siblings (`.br`, `.gz`), which are sent in its place, are checked too. The routes
 * are the build's files, fixed at start, so the answers are kept per path.
 */
function insideWebDir(webDir: string) {
  const root = realpathSync(webDir) + path.sep
  const answers = new Map<string, boolean>()
  const inside = (file: string) => {
    try {
      return realpathSync(file).startsWith(root)
    } catch {
      return !existsSync(file) // a sibling that does not exist is not sent either
    }
  }
  return (pathName: string) => {
    let answer = answers.get(pathName)
    if (answer === undefined) {
      const file = path.join(webDir, pathName)
      answer = [file, `${file}.br`, `${file}.gz`].every(inside)
      answers.set(pathName, answer)
    }
    return answer
  }
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
  // Drawn in the browser, each with its own title (issue 28, item 12).
  if (SHELL_PATHS.includes(pathname)) return { name: shellPageName(pathname), status: 200 }
  if (pathname === '/') return { name: 'index', status: 200 }
  // One page at both addresses (Spanish and English), prerendered once per language as `gracias`.
  if (THANK_YOU_PATHS.some((path) => path === pathname)) return { name: 'gracias', status: 200 }
  const name = pathname.slice(1)
  return {
    name: name === 'landing-pack-apps' && !checkoutConfigured ? `${name}.no-checkout` : name,
    status: 200,
  }
}

async function sendPage(
  pages: PrerenderedPages,
  config: WebConfig,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const pathname = normalizedPath(request.url)
  const { language, explicit } = pickLanguage(request, pathname === '/thank-you' ? 'en' : undefined)
  const page = pageName(pathname, config.checkoutUrl !== undefined)
  const { status } = page
  // A build from before the shells had titles of their own has the one shell page.
  const name = page.name.startsWith('shell') && !pages.has(language, page.name) ? 'shell' : page.name
  const session = Object.keys(request.cookies).some((cookie) => cookie.startsWith('a_session_'))
  const body = pages.get({
    language,
    name,
    // The Spanish page is the default address; English has its own (`?lang=en`) when asked for there.
    englishAddress: explicit,
    session: session ? 'present' : 'none',
  })
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
  return reply.send(encoding ? await body.encoded(encoding) : body.identity)
}

/**
 * Serves the built web app from `webDir`: hashed assets cached for a year and precompressed, pages
 * revalidated, in the visitor's language when the build is prerendered (a 404 status for unknown
 * routes, whose page the app draws), robots.txt and sitemap.xml. Returns null when there is no build,
 * so the server still answers the API.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: WebConfig,
  storeOrigin: Pick<StoreOrigin, 'pageOrigin'>,
): Promise<PageFallback | null> {
  // An https PUBLIC_ORIGIN is where buyers go, whatever the proxy in front says; without one, a
  // request that came over https (believed from X-Forwarded-Proto with TRUST_PROXY).
  const httpsStore = config.publicOrigin?.startsWith('https:') ?? false
  app.addHook('onRequest', async (request, reply) => {
    if (httpsStore || request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS)
  })
  // Pages name the store's configured origin, never the request's Host (decision 014).
  const pageOrigin = storeOrigin.pageOrigin
  const { webDir } = config
  const indexFile = path.join(webDir, 'index.html')
  if (!existsSync(indexFile)) {
    app.log.warn(`No web build in ${webDir}: serving the API only (run npm run build -w @pg/web)`)
    return null
  }
  const indexHtml = fillBackendSettings(readFileSync(indexFile, 'utf8'), config)
  const pages = loadPrerenderedPages(webDir, { ...config, origin: pageOrigin })
  if (pages) app.decorate('prerenderedPages', pages)
  const languageDirs = ['es', 'en'].map((language) => path.join(webDir, language) + path.sep)
  // The server entry, its template and Vite's manifest (decision 073): read by the storefront's worker,
  // never sent (the bundle holds the whole app's code, the console's included).
  const serverDir = path.join(webDir, '.server') + path.sep
  const inside = insideWebDir(webDir)
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    // One route per built file; everything else falls through to the app's page.
    wildcard: false,
    preCompressed: true,
    // Prerendered pages and their template hold placeholders: they are only sent filled in, through
    // the page routes. `.server/` is the server's alone.
    allowedPath: (pathName) => {
      const file = path.join(webDir, pathName)
      if (file === indexFile || [...languageDirs, serverDir].some((dir) => file.startsWith(dir))) return false
      return inside(pathName)
    },
    setHeaders: (response, file) => {
      const hashed = file.startsWith(path.join(webDir, 'assets') + path.sep)
      response.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      if (file.endsWith('.html')) response.header('Content-Security-Policy', PAGE_SECURITY_POLICY)
    },
  })
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send(robotsTxt(pageOrigin())),
  )
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(sitemapXml(pageOrigin())),
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The filled pages the server holds, with a prerendered build. */
    prerenderedPages?: PrerenderedPages
  }
}
