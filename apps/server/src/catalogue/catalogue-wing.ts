import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../platform/config'
import type { DatabaseHandle } from '../platform/db/client'
import { isAdmin, type SignedIn } from '../platform/http/signed-in'
import { registerCatalogStateRoutes } from './catalog-first-load'
import { createCatalogVersion, type CatalogVersion } from './collections/catalog-version'
import { createDocumentRepository, type DocumentRepository } from './collections/document-repository'
import {
  ANSWER_CACHE_LIMITS,
  createResponseCache,
  type ResponseCacheLimits,
} from './collections/response-cache'
import { createDocumentWrites, type DocumentWrites } from './documents/document-writes'
import { registerDatabaseRoutes } from './documents/routes'
import { createDatabasesService, type DatabasesService } from './documents/service'
import type { CatalogFileReading } from './editing/catalog-file-reading'
import { createCatalogService, type CatalogService } from './editing/catalog-service'
import { createIndexAnswers } from './search/index-answer'
import { findPagesHere } from './search/page-finder'
import { createCardReader } from './search/project-cards'
import { createSearchIndex, type SearchIndex } from './search/search-index'
import { createSearchWorker } from './search/search-worker-client'
import { createSearchSynonyms, type SearchSynonyms } from './search/synonyms/search-synonyms'
import { createTextSearch } from './search/text-search'
import { createTitleContains } from './search/title-contains'
import { createSearchLog, type SearchLog, type SearchLogLimits } from './search-log/search-log'
import { registerThumbnailRoutes } from './thumbnails/thumbnail-route'

/**
 * How old the catalogue version a process answers with may be, and how often its search index looks at
 * the version: a change made through another instance (or the CLI) is answered within half a second and
 * searched within three quarters of one plus the index's build, so within a second where a build takes
 * milliseconds (decision 046; the build of 100,000 projects takes about a second more).
 */
const CATALOG_VERSION_MAX_AGE_MS = 500
const INDEX_REFRESH_MS = 250

export interface CatalogueWingOptions {
  config: Pick<Config, 'databaseId' | 'searchWorker'>
  database: DatabaseHandle
  /** Who asks (the members' wing finds them). */
  authenticate: (request: FastifyRequest) => Promise<SignedIn | null>
  /** Reads the console's and the CLI's catalogue files off the main thread (decision 056). */
  files: CatalogFileReading
  /** Bounds of the shared cache of catalogue answers; smaller in tests. */
  answerCacheLimits?: ResponseCacheLimits
  /** How often the searches that found nothing are written, and the log's bounds (decision 058). */
  searchLogLimits?: Partial<SearchLogLimits>
  /** Called when the server is ready and after each search index is built (main gives memory back). */
  afterHeavyWork?: () => void
  now?: () => Date
}

/** What the console uses of the catalogue. */
export interface CatalogueWing {
  documents: DocumentRepository
  databases: DatabasesService
  documentWrites: DocumentWrites
  catalog: CatalogService
  catalogVersion: CatalogVersion
  searchLog: SearchLog
  /** The owner's search synonyms (decision 067), and the index their preview searches. */
  synonyms: SearchSynonyms
  searchIndex: SearchIndex
}

/**
 * The catalogue: Appwrite's documents API over the projects, categories and tags, the gallery's search
 * (an index per catalogue version, decision 029), the log of searches without results, thumbnails, and
 * the owner's catalogue files.
 */
export const catalogueWing = fp<CatalogueWingOptions>(
  async (app, options) => {
    const { config, database, authenticate } = options
    const answerCache = createResponseCache(options.answerCacheLimits ?? ANSWER_CACHE_LIMITS)
    app.decorate('answerCache', answerCache)
    const documents = createDocumentRepository(database)
    const catalogVersion = createCatalogVersion(database, CATALOG_VERSION_MAX_AGE_MS)
    const searchIndex = createSearchIndex({
      database,
      catalogVersion,
      readCards: createCardReader(documents, config.databaseId),
      onError: (error) => app.log.error({ err: error }, 'building the search index failed'),
      afterBuild: options.afterHeavyWork,
    })
    // A changed catalogue's index is built within a second of the change, before anyone searches it.
    let indexRefresh: NodeJS.Timeout | undefined
    app.addHook('onReady', async () => {
      options.afterHeavyWork?.()
      searchIndex.warmUp()
      indexRefresh = setInterval(() => searchIndex.refresh(), INDEX_REFRESH_MS).unref()
    })
    app.addHook('onClose', async () => {
      clearInterval(indexRefresh)
      await searchIndex.stop()
    })
    const indexAnswers = createIndexAnswers({ documents, cache: answerCache })
    // The owner's synonyms, applied to the query's words; every process hears a change (decision 067).
    const synonyms = createSearchSynonyms(database, (error) =>
      app.log.error({ err: error }, 'reading the search synonyms failed'),
    )
    app.addHook('onReady', async () => synonyms.start())
    app.addHook('onClose', async () => synonyms.stop())
    // Pages are found in a worker thread where the second core is free (decision 055).
    const useSearchWorker =
      config.searchWorker === 'on' || (config.searchWorker === 'auto' && database.kind === 'postgres')
    const pages = useSearchWorker
      ? createSearchWorker({
          onError: (error) => app.log.error({ err: error }, 'the search worker stopped; it starts again'),
        })
      : findPagesHere
    app.addHook('onClose', async () => pages.close())
    // The gallery's searches that found nothing, counted without who searched, within bounds (decisions 044, 058).
    const searchLog = createSearchLog({
      database,
      limits: options.searchLogLimits,
      now: options.now,
      onError: (error) => app.log.error({ err: error }, 'writing the searches that found nothing failed'),
      onDropped: (searches) =>
        app.log.warn(
          { searches },
          'searches that found nothing were not counted: too many members searched today',
        ),
      onSearch: (term) => app.analytics.searched(term),
    })
    app.addHook('onClose', async () => searchLog.stop())
    const databases = createDatabasesService({
      databaseId: config.databaseId,
      documents,
      cache: answerCache,
      catalogVersion,
      textSearch: createTextSearch({
        index: searchIndex,
        answers: indexAnswers,
        pages,
        onNothingFound: searchLog.record,
        onSearched: searchLog.searched,
        synonyms: synonyms.current,
      }),
      titleContains: createTitleContains({ index: searchIndex, answers: indexAnswers, pages, database }),
    })
    registerDatabaseRoutes(app, databases, authenticate, {
      readsOwnWrites: isAdmin,
      // A script's searches (an API key's) are not the members': the analytics and search log skip them.
      idOf: (member) => (member.key ? undefined : member.user.id),
    })
    registerThumbnailRoutes(app, database, authenticate)
    registerCatalogStateRoutes(app, database.db, authenticate)
    app.decorate('catalogue', {
      documents,
      databases,
      // The owner's console edits the catalogue through Appwrite's document routes (decision 036).
      documentWrites: createDocumentWrites(database.db, catalogVersion.changed),
      catalog: createCatalogService(database, options.files),
      catalogVersion,
      searchLog,
      synonyms,
      searchIndex,
    })
  },
  { name: 'catalogue', dependencies: ['platform', 'analytics'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueWing
  }
}
