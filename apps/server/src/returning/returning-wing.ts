import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../platform/config'
import type { DatabaseHandle } from '../platform/db/client'
import { registerRouteTable } from '../platform/http/route-table'
import type { SignedIn } from '../platform/http/signed-in'
import { createCollectionRepository } from './collections/collection-repository'
import { collectionRoutes } from './collections/collection-routes'
import { createCollectionService } from './collections/collection-service'

export interface ReturningWingOptions {
  config: Pick<Config, 'databaseId'>
  database: DatabaseHandle
  /** Who asks (the members' wing finds them). */
  authenticate: (request: FastifyRequest) => Promise<SignedIn | null>
}

/**
 * Members who come back (issue 32): their named collections of projects, Appwrite documents with
 * document-level permissions (decision 064).
 */
export const returningWing = fp<ReturningWingOptions>(
  async (app, { config, database, authenticate }) => {
    registerRouteTable(
      app,
      collectionRoutes(createCollectionService(createCollectionRepository(database.db)), config.databaseId),
      // Visitors are refused as the catalogue's documents refuse them.
      { authenticate, unauthorized: 'user_unauthorized' },
    )
  },
  { name: 'returning', dependencies: ['platform', 'members'] },
)
