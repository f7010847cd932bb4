import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { PAGE_LANGUAGES, type PageLanguage } from './page-language'

/** Placeholders the prerender leaves in pages (apps/web/src/prerender/page-head.ts). */
const ORIGIN = '__PG_ORIGIN__'
const SELF_URL = '__PG_SELF_URL__'
const CHECKOUT_URL = '__PG_CHECKOUT_URL__'
const SUPPORT_EMAIL = '__PG_SUPPORT_EMAIL__'

/** What the pages name until the owner sets SUPPORT_EMAIL (apps/web/src/features/info/contact.ts). */
export const DEFAULT_SUPPORT_EMAIL = 'soporte@localhost'
const SESSION = '__PG_SESSION__'

/** Filled pages kept per origin, language and page; bounded since the origin may come from Host. */
const MAX_CACHED = 256

export interface PageBody {
  identity: Buffer
  br: Buffer
  gzip: Buffer
  etag: string
}

export interface PageRequest {
  language: PageLanguage
  /** `index`, `faq`, `landing-pack-apps.no-checkout`, `404`, `shell`… */
  name: string
  origin: string
  /** The page's own address (canonical and og:url). */
  selfUrl: string
  /** Whether the request carried a session cookie: without one the app need not ask who is signed in. */
  session: 'present' | 'none'
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export interface StoreContacts {
  checkoutUrl: string | undefined
  supportEmail: string | undefined
}

/** The prerendered pages of a web build, filled in and compressed the first time each is asked for. */
export function loadPrerenderedPages(webDir: string, { checkoutUrl, supportEmail }: StoreContacts) {
  const templates = new Map<string, string>()
  for (const language of PAGE_LANGUAGES) {
    const dir = path.join(webDir, language)
    if (!existsSync(dir)) return null
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
      templates.set(
        `${language}/${file.slice(0, -'.html'.length)}`,
        readFileSync(path.join(dir, file), 'utf8'),
      )
    }
  }
  if (!templates.has('es/index') || !templates.has('en/shell')) return null
  const cache = new Map<string, PageBody>()

  return {
    has: (language: PageLanguage, name: string) => templates.has(`${language}/${name}`),
    get(page: PageRequest): PageBody {
      const key = `${page.origin}|${page.selfUrl}|${page.session}|${page.language}/${page.name}`
      const cached = cache.get(key)
      if (cached) return cached
      const template = templates.get(`${page.language}/${page.name}`)
      if (template === undefined) throw new Error(`No prerendered page ${page.language}/${page.name}`)
      const html = template
        .replaceAll(SELF_URL, page.selfUrl)
        .replaceAll(ORIGIN, page.origin)
        .replaceAll(CHECKOUT_URL, escapeHtml(checkoutUrl ?? ''))
        .replaceAll(SUPPORT_EMAIL, escapeHtml(supportEmail ?? DEFAULT_SUPPORT_EMAIL))
        .replaceAll(SESSION, page.session)
      const identity = Buffer.from(html)
      const body = {
        identity,
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(identity, { level: 9 }),
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      }
      if (cache.size >= MAX_CACHED) cache.clear()
      cache.set(key, body)
      return body
    },
  }
}

export type PrerenderedPages = NonNullable<ReturnType<typeof loadPrerenderedPages>>
