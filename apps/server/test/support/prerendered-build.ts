import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll } from 'vitest'
import { SHELL_PATHS, shellPageName } from '@pg/shared/routes'
import { startTestServer, type TestServer } from './test-app'

/** Every page `npm run build -w @pg/web` prerenders, per language. */
export const PAGE_NAMES = [
  'index',
  'landing-pack-apps',
  'landing-pack-apps.no-checkout',
  'login',
  'products',
  'legal-terms',
  'privacy-policy',
  'refund-policy',
  'who-we-are',
  'faq',
  'gracias',
  '404',
  'shell',
  // One per address drawn in the browser, with its own title (issue 28, item 12).
  ...SHELL_PATHS.map(shellPageName),
]

/** A page with every placeholder the prerender leaves (apps/web/src/prerender/page-head.ts, index.html). */
export const prerenderedPage = (language: string, name: string) =>
  `<!doctype html><html lang="${language}"><head><title>${language}:${name}</title>` +
  '<meta name="appwrite-project" content="__PG_PROJECT_ID__"><meta name="appwrite-database" content="__PG_DATABASE_ID__">' +
  '<link rel="canonical" href="__PG_SELF_URL__"><meta property="og:image" content="__PG_ORIGIN__/og/card.jpg">' +
  '<meta name="checkout-url" content="__PG_CHECKOUT_URL__"><meta name="session" content="__PG_SESSION__">' +
  '<meta name="support-email" content="__PG_SUPPORT_EMAIL__">' +
  `</head><body><div id="root"><h1>${language}:${name}</h1><p>Escríbenos a __PG_SUPPORT_EMAIL__.</p>${'<p>texto de relleno</p>'.repeat(80)}</div></body></html>`

/** A prerendered web build in miniature, in a new temporary folder: pages, their template, one asset. */
export async function writePrerenderedBuild(): Promise<string> {
  const webDir = await mkdtemp(path.join(tmpdir(), 'gallery-prerendered-'))
  await mkdir(path.join(webDir, 'assets'))
  await writeFile(path.join(webDir, 'index.html'), prerenderedPage('es', 'template'))
  for (const language of ['es', 'en']) {
    await mkdir(path.join(webDir, language))
    for (const name of PAGE_NAMES)
      await writeFile(path.join(webDir, language, `${name}.html`), prerenderedPage(language, name))
  }
  const script = 'export const greeting = "hola";\n'.repeat(100)
  await writeFile(path.join(webDir, 'assets', 'index-Ab12Cd34.js'), script)
  await writeFile(path.join(webDir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script))
  await writeFile(path.join(webDir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script))
  return webDir
}

/**
 * Test servers over one miniature build, written before the file's tests; after them every server is
 * closed and the build removed. Called at the top of a test file; returns what starts a server.
 */
export function serversOverPrerenderedBuild() {
  let webDir = ''
  const servers: TestServer[] = []
  beforeAll(async () => {
    webDir = await writePrerenderedBuild()
  })
  afterAll(async () => {
    for (const server of servers) await server.close()
    await rm(webDir, { recursive: true, force: true })
  })
  return async (options: Parameters<typeof startTestServer>[0] = {}) => {
    const server = await startTestServer({ ...options, config: { webDir, ...options.config } })
    servers.push(server)
    return server
  }
}
