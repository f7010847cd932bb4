/**
 * `npm run build -w @pg/web`: the client build, the server entry, then every public page prerendered in
 * Spanish and in English from the storefront's version 1, then every text asset precompressed (brotli
 * and gzip) for the server to send as is.
 *
 *   tsx scripts/build.ts [--outDir <dir>]     (default: dist)
 *
 * Output beside Vite's: `<lang>/<page>.html` for each public route (`index.html` for `/`; the landing
 * page twice, with and without a checkout address), `<lang>/gracias.html` (the thank-you page),
 * `<lang>/404.html`, and the empty pages the browser draws into: one per address it draws
 * (`<lang>/shell.search.html`, `shell.admin.members.html`…, each with that page's title) and
 * `<lang>/shell.html`. The server fills the placeholders of page-head.ts.
 *
 * And `.server/`, never served (decision 073): the server entry (`entry-server.js`, one file with every
 * package bundled in, so Node imports it from its file alone), `template.html` (index.html with the
 * stylesheet inlined) and `manifest.json` (Vite's), with which the store's server draws the pages again
 * when the owner publishes a new storefront (`renderStorefrontPages`, the same call as below).
 */
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'vite'
import { z } from 'zod'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import { resolveStorefront } from '@pg/shared/storefront/resolve'
import type { renderStorefrontPages } from '../src/prerender/entry-server'

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { values } = parseArgs({ options: { outDir: { type: 'string', default: 'dist' } } })
const outDir = path.resolve(webDir, values.outDir)
const serverDir = path.join(outDir, '.server')
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/
/** The support address the pages show: the server fills it in (SUPPORT_EMAIL) when it sends them. */
const SUPPORT_EMAIL_PLACEHOLDER = '__PG_SUPPORT_EMAIL__'

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)

type RenderStorefrontPages = typeof renderStorefrontPages
const isRenderer = (value: unknown): value is RenderStorefrontPages => typeof value === 'function'

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

/** Text assets compressed beside themselves; `.server/` is read by the server, never sent. */
async function precompress(dir: string): Promise<number> {
  let count = 0
  for (const item of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, item.name)
    if (file === serverDir) continue
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

/**
 * The server entry, bundled whole into one file: the server's worker imports it with no node_modules of
 * the web app (about 0.3 s in Node 24), and it exports `renderStorefrontPages` and `renderRoute` alone.
 */
async function buildServerEntry() {
  await build({
    root: webDir,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender/entry-server.tsx',
      outDir: serverDir,
      emptyOutDir: true,
      copyPublicDir: false,
      // One file, whose exports are the entry's own: nothing of it can go missing beside it.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  })
  const manifestFile = path.join(outDir, '.vite', 'manifest.json')
  const manifest = manifestSchema.parse(JSON.parse(await readFile(manifestFile, 'utf8')))
  const template = await inlineStylesheet(await readFile(path.join(outDir, 'index.html'), 'utf8'))
  await writeFile(path.join(serverDir, 'template.html'), template)
  await copyFile(manifestFile, path.join(serverDir, 'manifest.json'))
  await rm(path.join(outDir, '.vite'), { recursive: true, force: true })
  return { template, manifest }
}

async function main() {
  await build({ root: webDir, build: { outDir, emptyOutDir: true, manifest: true } })
  const webBuild = await buildServerEntry()
  const entry: unknown = await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)
  const render =
    typeof entry === 'object' && entry !== null && 'renderStorefrontPages' in entry
      ? entry.renderStorefrontPages
      : undefined
  if (!isRenderer(render)) throw new Error('The server entry exports no renderStorefrontPages')

  // Version 1, as a store that has published nothing else serves it.
  const content = defaultStorefrontContent()
  const options = { supportEmail: SUPPORT_EMAIL_PLACEHOLDER }
  const pages = await render(webBuild, {
    es: resolveStorefront(content, 'es', options),
    en: resolveStorefront(content, 'en', options),
  })
  for (const [key, html] of Object.entries(pages)) {
    const file = path.join(outDir, `${key}.html`)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, html)
  }
  const compressed = await precompress(outDir)
  console.log(
    `Prerendered ${Object.keys(pages).length} pages; precompressed ${compressed} files in ${path.relative(process.cwd(), outDir) || '.'}`,
  )
}

await main()
