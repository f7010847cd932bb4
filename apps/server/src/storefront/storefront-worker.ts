/**
 * The storefront worker (decision 073): a thread that draws the public pages of the owner's content with
 * the web app's own server entry (`<webDir>/.server/entry-server.js`, the same React components the build
 * prerenders with), so that the server's main thread goes on answering while the Markdown is parsed and
 * some forty pages are rendered. It imports the entry once, and answers each drawing in the order asked.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parentPort, workerData } from 'node:worker_threads'
import { resolveStorefront } from '@pg/shared/storefront/resolve'
import type { ResolvedStorefront } from '@pg/shared/storefront/resolved'
import { z } from 'zod'
import {
  STOREFRONT_WORKER,
  type FromStorefrontWorker,
  type StorefrontDrawing,
  type ToStorefrontWorker,
} from './storefront-worker-protocol'

const workerDataSchema = z.object({ marker: z.literal(STOREFRONT_WORKER), serverDir: z.string() })
const given = workerDataSchema.safeParse(workerData)
const port = given.success ? parentPort : null

/** Vite's manifest, as the build writes it beside the server entry. */
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)
const pagesSchema = z.record(z.string(), z.string())

interface Build {
  template: string
  manifest: z.infer<typeof manifestSchema>
}
type RenderStorefrontPages = (
  build: Build,
  storefronts: { es: ResolvedStorefront; en: ResolvedStorefront },
  only?: StorefrontDrawing['only'],
) => Promise<unknown>

const isRenderer = (value: unknown): value is RenderStorefrontPages => typeof value === 'function'

/** The server entry and the build's files, loaded once, on the first drawing. */
async function load(serverDir: string) {
  const [entry, template, manifest] = await Promise.all([
    import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href).then((module: unknown) => module),
    readFile(path.join(serverDir, 'template.html'), 'utf8'),
    readFile(path.join(serverDir, 'manifest.json'), 'utf8'),
  ])
  const render: unknown =
    typeof entry === 'object' && entry !== null && 'renderStorefrontPages' in entry
      ? entry.renderStorefrontPages
      : undefined
  if (!isRenderer(render)) throw new Error(`${serverDir}/entry-server.js exports no renderStorefrontPages`)
  const build: Build = { template, manifest: manifestSchema.parse(JSON.parse(manifest)) }
  return { render, build }
}

let loaded: ReturnType<typeof load> | undefined

function loadOnce(serverDir: string) {
  const loading = (loaded ??= load(serverDir))
  // A build that could not be read is read again at the next drawing (it may have been put in place since).
  return loading.catch((error: unknown) => {
    if (loaded === loading) loaded = undefined
    throw error
  })
}

async function draw(serverDir: string, { content, supportEmail, projects, only }: StorefrontDrawing) {
  const { render, build } = await loadOnce(serverDir)
  const options = { supportEmail, projects: new Map(projects) }
  const storefronts = {
    es: resolveStorefront(content, 'es', options),
    en: resolveStorefront(content, 'en', options),
  }
  return pagesSchema.parse(await render(build, storefronts, only))
}

// One drawing at a time, in the order asked: a second one waits for the first rather than doubling memory.
let queue: Promise<unknown> = Promise.resolve()
port?.on('message', ({ id, drawing }: ToStorefrontWorker) => {
  if (!given.success) return
  const { serverDir } = given.data
  queue = queue.then(async () => {
    let answer: FromStorefrontWorker
    try {
      answer = {
        id,
        ok: true,
        pages: drawing ? await draw(serverDir, drawing) : (await loadOnce(serverDir), {}),
      }
    } catch (error) {
      answer = {
        id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }
    }
    port.postMessage(answer)
  })
})
