import fp from 'fastify-plugin'
import type { StoreSettings } from '../pages/page-store'
import { DEFAULT_SUPPORT_EMAIL, type Config } from '../platform/config'
import type { DatabaseHandle } from '../platform/db/client'
import { createStorefrontPages, type StorefrontPages } from './storefront-pages'
import { createStorefrontService, type StorefrontService } from './storefront-service'
import { createPageDrawer } from './storefront-worker-client'

export interface StorefrontWingOptions {
  config: Pick<Config, 'webDir' | 'supportEmail' | 'checkoutUrl' | 'projectId' | 'databaseId'>
  database: DatabaseHandle
  /** The clock of the information pages' "last updated" (tests move it). */
  now?: () => Date
}

/** What the console's routes use: the content and its versions, the pages served, and how pages are filled. */
export interface Storefront {
  service: StorefrontService
  pages: StorefrontPages
  /** What the page store fills in (the preview is filled as a visitor's page is). */
  settings: StoreSettings
}

/**
 * The owner's storefront (issue 41, decision 073), above the pages it fills: the content in versions and
 * its draft (`app.storefront`, whose routes are the console's), and the public pages of the newest
 * version in the pages wing's store, drawn before the server listens and again at each new version.
 */
export const storefrontWing = fp<StorefrontWingOptions>(
  async (app, { config, database, now }) => {
    const service = createStorefrontService({ db: database.db, now })
    // Version 1, once for every process that starts on this database.
    await service.start()
    const pages = createStorefrontPages({
      database,
      drawer: createPageDrawer(config.webDir),
      pageStore: app.prerenderedPages,
      supportEmail: config.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
      log: {
        warn: (message) => app.log.warn(message),
        error: (details, message) => app.log.error(details, message),
      },
    })
    // Drawn while the other wings register; the server listens only once it is done.
    const started = pages.start()
    started.catch(() => undefined)
    app.addHook('onReady', () => started)
    app.addHook('onClose', () => pages.stop())
    app.decorate('storefront', {
      service,
      pages,
      settings: { ...config, origin: () => app.storeOrigin.pageOrigin() },
    } satisfies Storefront)
  },
  { name: 'storefront', dependencies: ['pages'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    storefront: Storefront
  }
}
