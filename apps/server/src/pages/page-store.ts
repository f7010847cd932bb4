import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import escapeHtml from 'escape-html'
import { PAGE_LANGUAGES, type PageLanguage } from './page-language'
import { DEFAULT_SUPPORT_EMAIL } from '../platform/config'

/** Placeholders the prerender leaves in pages (apps/web/src/prerender/page-head.ts, apps/web/index.html). */
const ORIGIN = '__PG_ORIGIN__'
const SELF_URL = '__PG_SELF_URL__'
const CHECKOUT_URL = '__PG_CHECKOUT_URL__'
const SUPPORT_EMAIL = '__PG_SUPPORT_EMAIL__'
const SESSION = '__PG_SESSION__'
const PROJECT_ID = '__PG_PROJECT_ID__'
const DATABASE_ID = '__PG_DATABASE_ID__'

/** Pages that are not a public address of their own: the 404 page and the shells (`shell`, `shell.admin`…). */
const isUnaddressed = (name: string) => name === '404' || name === 'shell' || name.startsWith('shell.')

// On libuv's threads: a page's brotli (quality 11) takes a few hundred ms, which the event loop must not wait for.
const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export interface PageBody {
  identity: Buffer
  etag: string
  /** The page compressed, the first time an encoding is asked for, once. */
  encoded: (encoding: 'br' | 'gzip') => Promise<Buffer>
}

/**
 * Which filled page to send. Only bounded values (decision 014): nothing from the request's path or
 * headers but the language, the page and whether a session cookie came, so every address that is
 * not a page gets the same 404 page, compressed once.
 */
export interface PageRequest {
  language: PageLanguage
  /** `index`, `faq`, `landing-pack-apps.no-checkout`, `404`, `shell`… (one of the build's pages) */
  name: string
  /** Asked for at its English address (`?lang=en`), which its canonical then names. */
  englishAddress: boolean
  /** Whether the request carried a session cookie: without one the app need not ask who is signed in. */
  session: 'present' | 'none'
}

/** What the server fills in from its configuration, the same for every request. */
export interface StoreSettings {
  /** The store's origin, from configuration only (decision 011), never from the request's Host. */
  origin: () => string
  checkoutUrl: string | undefined
  supportEmail: string | undefined
  projectId: string
  databaseId: string
}

/** The ids the browser's API client uses (`<meta name="appwrite-project">`…, lib/backend.ts). */
export function fillBackendSettings(html: string, settings: Pick<StoreSettings, 'projectId' | 'databaseId'>) {
  return html
    .replaceAll(PROJECT_ID, escapeHtml(settings.projectId))
    .replaceAll(DATABASE_ID, escapeHtml(settings.databaseId))
}

/** The page's own public address (canonical, og:url); the 404 page and the shell name the home page. */
function ownPath(name: string): string {
  if (name === 'index' || isUnaddressed(name)) return '/'
  return `/${name.replace(/\.no-checkout$/, '')}`
}

function pageBody(html: string): PageBody {
  const identity = Buffer.from(html)
  const compressed = new Map<'br' | 'gzip', Promise<Buffer>>()
  return {
    identity,
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    encoded(encoding) {
      let body = compressed.get(encoding)
      if (!body) {
        body =
          encoding === 'br'
            ? brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
            : gzipAsync(identity, { level: 9 })
        compressed.set(encoding, body)
      }
      return body
    },
  }
}

/** The store's placeholders in a page filled in for one request's bounded values, with `origin`. */
export function fillPage(
  template: string,
  page: PageRequest,
  settings: StoreSettings,
  origin: string,
): string {
  const selfUrl = `${origin}${ownPath(page.name)}${page.englishAddress ? '?lang=en' : ''}`
  return fillBackendSettings(template, settings)
    .replaceAll(SELF_URL, selfUrl)
    .replaceAll(ORIGIN, origin)
    .replaceAll(CHECKOUT_URL, escapeHtml(settings.checkoutUrl ?? ''))
    .replaceAll(SUPPORT_EMAIL, escapeHtml(settings.supportEmail ?? DEFAULT_SUPPORT_EMAIL))
    .replaceAll(SESSION, page.session)
}

/** `es/faq`, `en/shell.admin.members`: a page of one of the store's languages, as the build names its files. */
const PAGE_KEY = /^(es|en)\/[a-z0-9][a-z0-9.-]*$/

/**
 * The prerendered pages of a web build, filled in the first time each is asked for and compressed
 * the first time each encoding of it is: concurrent first requests share the one compression. The
 * storefront replaces them with the pages it draws of the owner's published content (decision 073).
 */
export function loadPrerenderedPages(webDir: string, settings: StoreSettings) {
  const built = new Map<string, string>()
  for (const language of PAGE_LANGUAGES) {
    const dir = path.join(webDir, language)
    if (!existsSync(dir)) return null
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
      built.set(`${language}/${file.slice(0, -'.html'.length)}`, readFileSync(path.join(dir, file), 'utf8'))
    }
  }
  if (!built.has('es/index') || !built.has('en/shell')) return null
  let templates = built
  // Keyed by PageRequest's bounded values alone.
  const cache = new Map<string, PageBody>()
  let cachedOrigin = ''

  return {
    has: (language: PageLanguage, name: string) => templates.has(`${language}/${name}`),
    /** Filled pages held in memory: at most one per page, language and variant, whatever is asked. */
    get size() {
      return cache.size
    },
    /**
     * Serves `pages` (keyed `es/landing-pack-apps`, as the build's files) from now on, over the build's
     * own for any page they leave out; null serves the build's pages again. One assignment, so a request
     * gets either set whole; the filled and compressed pages are made again as they are asked for, each
     * with the ETag of its new bytes.
     */
    replace(pages: Readonly<Record<string, string>> | null): void {
      const drawn = Object.entries(pages ?? {}).filter(([key]) => PAGE_KEY.test(key))
      templates = drawn.length === 0 ? built : new Map([...built, ...drawn])
      cache.clear()
    },
    get(request: PageRequest): PageBody {
      const template = templates.get(`${request.language}/${request.name}`)
      if (template === undefined) throw new Error(`No prerendered page ${request.language}/${request.name}`)
      // The origin changes once at most, when a server started on port 0 learns its port.
      const origin = settings.origin()
      if (origin !== cachedOrigin) {
        cache.clear()
        cachedOrigin = origin
      }
      const page: PageRequest = {
        ...request,
        englishAddress: request.englishAddress && request.language === 'en' && !isUnaddressed(request.name),
      }
      const key = `${page.language}/${page.name}|${page.englishAddress ? 'en-address' : ''}|${page.session}`
      let body = cache.get(key)
      if (!body) {
        body = pageBody(fillPage(template, page, settings, origin))
        cache.set(key, body)
      }
      return body
    },
  }
}

export type PrerenderedPages = NonNullable<ReturnType<typeof loadPrerenderedPages>>
