import { isDeepStrictEqual } from 'node:util'
import { storefrontContentSchema, type StorefrontContent } from '@pg/shared/storefront/content'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import type { PrerenderedPages } from '../pages/page-store'
import type { DatabaseHandle } from '../platform/db/client'
import { listenToChannel, type ChannelListener } from '../platform/db/notifications'
import { createStorefrontRepository, type StorefrontVersion } from './storefront-repository'
import { carouselProjectIds } from './storefront-validation'
import type { PageDrawer } from './storefront-worker-client'
import type { StorefrontDrawing } from './storefront-worker-protocol'

/** The channel migration 0020's trigger notifies with each new version's number. */
const CHANNEL = 'storefront'
/** Without a listening connection (lost, or a database that cannot listen), how often the newest is read. */
const READ_WITHOUT_LISTENING_MS = 1_000
/**
 * How often a served version whose carousel shows catalogue projects looks at the catalogue's version:
 * an edited, re-imaged or deleted project reaches the public pages within this (one-row read).
 */
const FOLLOW_CATALOGUE_MS = 2_000
/** A version whose drawing failed is tried again after this long (or at once for a newer version). */
const RETRY_FAILED_MS = 30_000

export interface StorefrontPagesOptions {
  database: DatabaseHandle
  drawer: PageDrawer
  /** The pages wing's page store; none when the web build has no prerendered pages (nothing to draw into). */
  pageStore: PrerenderedPages | undefined
  /** SUPPORT_EMAIL, else the built-in address. */
  supportEmail: string
  log: {
    warn: (message: string) => void
    error: (details: { err: unknown; version?: number }, message: string) => void
  }
}

/**
 * The public pages of the published storefront, in the pages wing's page store (decision 073). At start,
 * version 1's content is the build's own pages; any other is drawn before the server listens. A new
 * version, from this process or any other on the database (`NOTIFY storefront`), is read and drawn in the
 * worker, and its pages replace the served ones at once; a drawing that fails leaves them as they were.
 */
export function createStorefrontPages(options: StorefrontPagesOptions) {
  const { database, drawer, pageStore, log } = options
  const repository = createStorefrontRepository(database.db)
  const builtContent = defaultStorefrontContent()
  /** The version whose pages are served (0 before the first read). */
  let served = 0
  let failed: { version: number; at: number } | null = null
  let warnedWithoutRenderer = false
  let refreshing: Promise<void> | null = null
  let again = false
  let listener: ChannelListener | null = null
  let polling: NodeJS.Timeout | undefined
  let stopped = false
  let warming: Promise<void> | undefined
  /**
   * The served version's carousel, when it shows catalogue projects: the catalogue's version read before
   * its projects were, and those projects as drawn. A change to them draws the version again.
   */
  let carousel: { content: StorefrontContent; catalogVersion: number; projects: string } | null = null
  let following: NodeJS.Timeout | undefined

  /** What the worker needs to draw `content`: the carousel's catalogue projects as they are now. */
  async function drawingOf(
    content: StorefrontContent,
    only?: StorefrontDrawing['only'],
  ): Promise<StorefrontDrawing> {
    const ids = carouselProjectIds(content).map(([, id]) => id)
    return {
      content,
      supportEmail: options.supportEmail,
      projects: [...(await repository.projects(ids)).entries()],
      ...(only ? { only } : {}),
    }
  }

  /** Draws `content` and serves it; keeps what its carousel drew from the catalogue, if anything. */
  async function draw(content: StorefrontContent, store: PrerenderedPages): Promise<void> {
    const picksProjects = carouselProjectIds(content).length > 0
    const catalogVersion = picksProjects ? await repository.catalogVersion() : 0
    const drawing = await drawingOf(content)
    store.replace(await drawer.draw(drawing))
    carousel = picksProjects ? { content, catalogVersion, projects: JSON.stringify(drawing.projects) } : null
  }

  /** The served carousel's catalogue projects changed (edited, deleted): the same version drawn again. */
  async function followCatalogue(store: PrerenderedPages): Promise<void> {
    if (!carousel) return
    const catalogVersion = await repository.catalogVersion()
    if (catalogVersion === carousel.catalogVersion) return
    const { content } = carousel
    const ids = carouselProjectIds(content).map(([, id]) => id)
    const projects = JSON.stringify([...(await repository.projects(ids)).entries()])
    if (projects === carousel.projects) return void (carousel = { ...carousel, catalogVersion })
    try {
      await draw(content, store)
    } catch (error) {
      // Tried again at the catalogue's next change; the pages served stay as they were.
      carousel = { ...carousel, catalogVersion }
      log.error(
        { err: error, version: served },
        'drawing the storefront failed: the pages served stay as they were',
      )
    }
  }

  async function serve(version: StorefrontVersion): Promise<void> {
    if (!pageStore) return void (served = version.number)
    const parsed = storefrontContentSchema.safeParse(version.content)
    // The build drew version 1's content: its pages are these, with nothing to draw.
    if (parsed.success && isDeepStrictEqual(parsed.data, builtContent)) {
      pageStore.replace(null)
      carousel = null
      served = version.number
      return
    }
    if (!drawer.available) {
      if (!warnedWithoutRenderer)
        log.warn(
          'The web build has no .server folder (built before decision 073?): the storefront is served as the build drew it, not as published. Build it again with npm run build.',
        )
      warnedWithoutRenderer = true
      served = version.number
      return
    }
    if (failed?.version === version.number && Date.now() - failed.at < RETRY_FAILED_MS) return
    try {
      if (!parsed.success) throw new Error(`Version ${version.number} does not match the storefront's schema`)
      await draw(parsed.data, pageStore)
      served = version.number
      failed = null
    } catch (error) {
      failed = { version: version.number, at: Date.now() }
      log.error(
        { err: error, version: version.number },
        'drawing the storefront failed: the pages served stay as they were',
      )
    }
  }

  async function read(): Promise<void> {
    if ((await repository.latestNumber()) === served) {
      if (pageStore) await followCatalogue(pageStore)
      return
    }
    const latest = await repository.latest()
    if (latest && latest.number !== served) await serve(latest)
  }

  /** Reads the newest version and serves it; one asked for during a read runs once more after it. */
  function refresh(): Promise<void> {
    if (stopped) return Promise.resolve()
    if (refreshing) {
      again = true
      return refreshing
    }
    const current = read()
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error, version: served }, 'reading the storefront failed')
      })
      .finally(() => {
        refreshing = null
        if (again) {
          again = false
          void refresh()
        }
      })
    refreshing = current
    return current
  }

  /**
   * Starts the worker and has it load the web build's server entry (about 40 MB, kept), once: a drawing
   * then only draws. Resolves when it is loaded, or could not be.
   */
  function warm(): Promise<void> {
    if (!pageStore || !drawer.available || stopped) return Promise.resolve()
    warming ??= drawer.warm().catch((error: unknown) => {
      if (!stopped) log.error({ err: error }, 'the storefront worker could not load the web build')
    })
    return warming
  }

  const poll = (on: boolean) => {
    clearInterval(polling)
    polling =
      on && !stopped ? setInterval(() => void refresh(), READ_WITHOUT_LISTENING_MS).unref() : undefined
  }

  return {
    /** The version whose pages are served now. */
    served: () => served,

    /** Whether the web build can draw pages at run time (its `.server/` folder). */
    canDraw: () => drawer.available,

    /** Serves the newest version (drawn before this resolves), then follows every new one. */
    async start(): Promise<void> {
      await refresh()
      listener = await listenToChannel(database, CHANNEL, {
        onNotification: () => void refresh(),
        onListening: () => {
          poll(false)
          void refresh()
        },
        onLost: () => poll(true),
      })
      if (!listener) poll(true)
      // A carousel that shows catalogue projects follows them (a tick that finds none reads nothing).
      following = setInterval(() => {
        if (carousel) void refresh()
      }, FOLLOW_CATALOGUE_MS).unref()
      // Other processes on a PostgreSQL server may publish: the worker loads the web build's server entry
      // now, in the background, so that their versions are only drawn here, within the second. The
      // embedded database has one process, which warms it when the console opens (`warm`).
      if (database.kind === 'postgres') void warm()
    },

    warm,

    /**
     * This process has just added a version: serves it before the answer leaves (a read under way may
     * have begun before the version was written: the one after it has not). Whether it is served.
     */
    async changed(version: number): Promise<boolean> {
      if (refreshing) await refreshing
      await refresh()
      return served >= version
    },

    /** One language's pages of `content` (the draft), drawn but not served: the console's preview. */
    async preview(content: StorefrontContent, only: NonNullable<StorefrontDrawing['only']>) {
      return drawer.draw(await drawingOf(content, only))
    },

    async stop(): Promise<void> {
      stopped = true
      poll(false)
      clearInterval(following)
      await listener?.close()
      await refreshing
      await drawer.close()
    },
  }
}

export type StorefrontPages = ReturnType<typeof createStorefrontPages>
