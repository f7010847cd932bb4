/**
 * `npm run build -w @pg/web`: the client build, then every public page prerendered in Spanish and in
 * English, then every text asset precompressed (brotli and gzip) for the server to send as is.
 *
 *   tsx scripts/build.ts [--outDir <dir>]     (default: dist)
 *
 * Output beside Vite's: `<lang>/<page>.html` for each public route (`index.html` for `/`; the landing
 * page twice, with and without a checkout address), `<lang>/gracias.html` (the thank-you page), `<lang>/404.html`, and
 * the empty pages the browser draws into: one per address it draws (`<lang>/shell.search.html`,
 * `shell.admin.members.html`…, each with that page's title) and `<lang>/shell.html`. The server fills
 * the placeholders of page-head.ts.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'vite'
import { z } from 'zod'
import { PUBLIC_PATHS, SHELL_PATHS, shellPageName, THANK_YOU_PATHS } from '@pg/shared/routes'

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { values } = parseArgs({ options: { outDir: { type: 'string', default: 'dist' } } })
const outDir = path.resolve(webDir, values.outDir)
const languages = ['es', 'en'] as const
type Language = (typeof languages)[number]
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)
type Manifest = z.infer<typeof manifestSchema>

const serverEntrySchema = z.object({
  renderRoute: z.function(),
  pageHead: z.function(),
  i18n: z.object({ getFixedT: z.function() }),
})

interface ServerEntry {
  renderRoute: (path: string, language: Language, checkoutUrl: string | null) => Promise<{ html: string }>
  pageHead: (path: string, language: Language, kind: 'public' | 'notFound' | 'shell', t: unknown) => string
  i18n: { getFixedT: (language: Language) => unknown }
}

/** The files a module needs, its own first: preloaded so hydration does not wait on a chain of imports. */
function moduleFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const entry = manifest[key]
  if (!entry || seen.has(key)) return []
  seen.add(key)
  return [entry.file, ...(entry.imports ?? []).flatMap((child) => moduleFiles(manifest, child, seen))]
}

/** The page's own modules (its language, its route), which main.tsx preloads with the app. */
function appModules(manifest: Manifest, keys: string[]): string {
  const files = [...new Set(keys.flatMap((key) => moduleFiles(manifest, key)))]
  return `<meta name="app-modules" content="${files.map((file) => `/${file}`).join(' ')}">`
}

/**
 * The pages are complete without JavaScript: their scripts only hydrate them. Fetched at low priority,
 * they never compete with the page's own text and images for the first paint.
 */
function deprioritizeScripts(html: string): string {
  return html
    .replace(/<script type="module" crossorigin /g, '<script type="module" crossorigin fetchpriority="low" ')
    .replace(
      /<link rel="modulepreload" crossorigin /g,
      '<link rel="modulepreload" crossorigin fetchpriority="low" ',
    )
}

function compose(template: string, language: Language, head: string, body: string): string {
  return deprioritizeScripts(template)
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `${head}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
}

/**
 * The stylesheet goes inline into every page (the policy allows inline styles, not scripts): the first
 * paint then waits for the HTML alone, not for a second request. The file stays for anything else.
 */
async function inlineStylesheet(html: string): Promise<string> {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(html)
  if (!link?.[1]) throw new Error('The built index.html links no stylesheet')
  const css = await readFile(path.join(outDir, link[1]), 'utf8')
  return html.replace(link[0], () => `<style>${css}</style>`)
}

async function prerender(entry: ServerEntry, manifest: Manifest) {
  const template = await inlineStylesheet(await readFile(path.join(outDir, 'index.html'), 'utf8'))
  const placeholder = '__PG_CHECKOUT_URL__'
  let pages = 0
  for (const language of languages) {
    const dir = path.join(outDir, language)
    await mkdir(dir, { recursive: true })
    const languageModule = `src/locales/${language}.ts`
    const write = async (name: string, head: string, body: string, modules: string[]) => {
      const extra = appModules(manifest, [languageModule, ...modules])
      await writeFile(path.join(dir, `${name}.html`), compose(template, language, head + extra, body))
      pages += 1
    }
    // The thank-you page once, as `gracias`: the server sends it at both of its addresses.
    for (const route of [...PUBLIC_PATHS, THANK_YOU_PATHS[0]]) {
      const name = route === '/' ? 'index' : route.slice(1)
      const modules = [route === THANK_YOU_PATHS[0] ? 'src/routes/thank-you.tsx' : `src/routes${route}.tsx`]
      const variants: [string | null, string][] =
        route === '/landing-pack-apps'
          ? [
              [placeholder, ''],
              [null, '.no-checkout'],
            ]
          : [[null, '']]
      for (const [checkoutUrl, suffix] of variants) {
        const { html } = await entry.renderRoute(route, language, checkoutUrl)
        const head = entry.pageHead(route, language, 'public', entry.i18n.getFixedT(language))
        await write(`${name}${suffix}`, head, html, modules)
      }
    }
    const notFound = await entry.renderRoute('/__not-found__', language, null)
    await write(
      '404',
      entry.pageHead('/', language, 'notFound', entry.i18n.getFixedT(language)),
      notFound.html,
      [],
    )
    await write('shell', entry.pageHead('/', language, 'shell', entry.i18n.getFixedT(language)), '', [])
    for (const route of SHELL_PATHS)
      await write(
        shellPageName(route),
        entry.pageHead(route, language, 'shell', entry.i18n.getFixedT(language)),
        '',
        [],
      )
  }
  return pages
}

async function precompress(dir: string): Promise<number> {
  let count = 0
  for (const item of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, item.name)
    if (item.isDirectory()) count += await precompress(file)
    else if (COMPRESSIBLE.test(item.name) && (await stat(file)).size >= 1024) {
      const content = await readFile(file)
      await writeFile(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
      await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }))
      count += 1
    }
  }
  return count
}

async function main() {
  await build({ root: webDir, build: { outDir, emptyOutDir: true, manifest: true } })
  // Inside the app so the server bundle resolves react and the rest from node_modules.
  await mkdir(path.join(webDir, 'node_modules/.cache'), { recursive: true })
  const ssrDir = await mkdtemp(path.join(webDir, 'node_modules/.cache/prerender-'))
  try {
    await build({
      root: webDir,
      logLevel: 'warn',
      build: { ssr: 'src/prerender/entry-server.tsx', outDir: ssrDir, emptyOutDir: true },
    })
    // The app's backend client reads the page's origin when imported; at build time there is none.
    Object.assign(globalThis, { location: new URL('http://prerender.invalid/') })
    const imported: unknown = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)
    serverEntrySchema.parse(imported)
    const manifestFile = path.join(outDir, '.vite', 'manifest.json')
    const manifest = manifestSchema.parse(JSON.parse(await readFile(manifestFile, 'utf8')))
    const pages = await prerender(imported as ServerEntry, manifest)
    await rm(path.join(outDir, '.vite'), { recursive: true, force: true })
    const compressed = await precompress(outDir)
    console.log(
      `Prerendered ${pages} pages; precompressed ${compressed} files in ${path.relative(process.cwd(), outDir) || '.'}`,
    )
  } finally {
    await rm(ssrDir, { recursive: true, force: true })
  }
}

await main()
