import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { StoreIdentityReader } from '../mail/store-identity'
import type { Config } from '../platform/config'
import type { DatabaseHandle } from '../platform/db/client'
import { registerRouteTable } from '../platform/http/route-table'
import type { SignedIn } from '../platform/http/signed-in'
import { createCollectionRepository } from './collections/collection-repository'
import { collectionRoutes } from './collections/collection-routes'
import { createCollectionService } from './collections/collection-service'
import { openOwnListsCache, type OwnListsCache } from './collections/own-lists-cache'
import { registerNewsEmail } from './news/news-email-feature'

export interface ReturningWingOptions {
  config: Pick<Config, 'databaseId'>
  database: DatabaseHandle
  /** Who asks (the members' wing finds them). */
  authenticate: (request: FastifyRequest) => Promise<SignedIn | null>
  /** The store as the owner last published it: its unsubscribe page names it (issue 41). */
  storeIdentity: StoreIdentityReader
  /** The clock of the weekly look for news; tests move it. */
  now?: () => Date
}

/**
 * Members who come back (issue 32): their named collections of projects, Appwrite documents with
 * document-level permissions (decision 064).
 */
export const returningWing = fp<ReturningWingOptions>(
  async (app, { config, database, authenticate, storeIdentity, now }) => {
    // A member's list of their own collections answered from memory until they change (migration 0016).
    const ownLists = await openOwnListsCache(database)
    app.addHook('onClose', async () => ownLists.close())
    app.decorate('ownCollectionLists', { size: ownLists.size })
    const service = createCollectionService(createCollectionRepository(database.db), ownLists)
    registerRouteTable(
      app,
      collectionRoutes(service, config.databaseId),
      // Visitors are refused as the catalogue's documents refuse them.
      { authenticate, unauthorized: 'user_unauthorized' },
    )
    // The weekly "what's new" email: its look, its unsubscribe link, the console's routes of it.
    registerNewsEmail(app, { database, storeIdentity, now })
  },
  { name: 'returning', dependencies: ['platform', 'mail', 'members'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    /** The kept answers of members' lists of their own collections (tests read their size). */
    ownCollectionLists: Pick<OwnListsCache, 'size'>
  }
}
