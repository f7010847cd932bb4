import cookie from '@fastify/cookie'
import Fastify, { LogController, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { createAccountService, type Member } from './members/account/account-service'
import { accountRoutes, registerAccountRoutes } from './members/account/routes'
import { createRecoveryService } from './members/account/recovery-service'
import { recoveryRoutes } from './members/account/recovery-routes'
import { createMembersService } from './members/account/members-service'
import { createUsersService } from './members/users/users-service'
import { createStoreOwnerReader } from './members/users/store-owner'
import { usersRoutes } from './members/users/users-routes'
import { auditRoutes } from './console/audit-routes'
import { catalogFileRoutes } from './catalogue/editing/catalog-file-routes'
import { createCatalogService } from './catalogue/editing/catalog-service'
import { createFileReader } from './uploaded-files/file-worker-client'
import { storeAdminRoutes } from './console/store-admin-routes'
import { registerAdminRoutes } from './platform/http/admin-routes'
import { isAdmin } from './platform/http/signed-in'
import { createDocumentWrites } from './catalogue/documents/document-writes'
import { documentWriteRoutes } from './catalogue/documents/write-routes'
import { createTokenRepository } from './members/account/token-repository'
import { createSessionRepository } from './members/account/session-repository'
import { openSessionView, type SessionViewLimits } from './members/account/session-view'
import { readSessionCredentials, createSessionTransport } from './members/account/session-transport'
import { createUserRepository } from './members/account/user-repository'
import { AppwriteError } from './platform/appwrite/errors'
import { registerThumbnailRoutes } from './catalogue/thumbnails/thumbnail-route'
import { registerCatalogStateRoutes } from './catalogue/catalog-first-load'
import { createDownloadRepository } from './selling/downloads/download-repository'
import { createPurchaseService } from './selling/downloads/purchase-service'
import { registerDownloadRoutes } from './selling/downloads/routes'
import { createStoreSettings } from './selling/downloads/store-settings'
import { createStoreSettingsRepository } from './selling/downloads/store-settings-repository'
import { DEFAULT_SUPPORT_EMAIL, type Config } from './platform/config'
import { createCatalogVersion } from './catalogue/collections/catalog-version'
import { createDocumentRepository } from './catalogue/collections/document-repository'
import {
  ANSWER_CACHE_LIMITS,
  createResponseCache,
  type ResponseCacheLimits,
} from './catalogue/collections/response-cache'
import { registerDatabaseRoutes } from './catalogue/documents/routes'
import { createDatabasesService } from './catalogue/documents/service'
import { createSearchIndex } from './catalogue/search/search-index'
import { createCardReader } from './catalogue/search/project-cards'
import { createIndexAnswers } from './catalogue/search/index-answer'
import { findPagesHere } from './catalogue/search/page-finder'
import { createSearchWorker } from './catalogue/search/search-worker-client'
import { createTextSearch } from './catalogue/search/text-search'
import { createTitleContains } from './catalogue/search/title-contains'
import { createSearchLog, type SearchLogLimits } from './catalogue/search-log/search-log'
import type { DatabaseHandle } from './platform/db/client'
import { startHousekeeping } from './platform/db/housekeeping'
import { lazyQuery } from './platform/http/lazy-query'
import { requestTimeouts } from './platform/http/request-timeouts'
import { installErrorHandler } from './platform/http/error-handler'
import { registerHealthRoutes } from './platform/http/health-routes'
import { registerWebApp } from './pages/web-app'
import { registerApiHeaders } from './platform/http/api-headers'
import { createOriginPolicy } from './platform/http/origin-policy'
import { serializeError, serializeRequest } from './platform/http/log-serializers'
import { createStoreOrigin } from './platform/http/store-origin'
import { createRateLimiter } from './platform/security/rate-limits'
import type { Mailer } from './mail/mailer'
import { createConfiguredMailer } from './mail/configured-mailer'
import { createEmailRecipients } from './members/account/email-recipients'
import { createEmailQueue } from './mail/email-queue-sender'
import { createEmailQueueRepository } from './mail/email-queue-repository'
import { createOrderService } from './selling/orders/order-service'
import { orderAdminRoutes } from './selling/orders/order-admin-routes'
import { createMemberActivity } from './members/inactivity/member-activity'
import { membersAdminRoutes } from './members/management/members-admin-routes'
import { createMembersImport } from './members/management/members-import'
import { startInactivityChecks } from './members/inactivity/inactivity-checks'
import { createInactivityService } from './members/inactivity/inactivity-service'
import { registerWebhookRoutes } from './selling/orders/webhook-routes'

/**
 * How old the catalogue version a process answers with may be, and how often its search index looks at
 * the version: a change made through another instance (or the CLI) is answered within half a second and
 * searched within three quarters of one plus the index's build, so within a second where a build takes
 * milliseconds (decision 046; the build of 100,000 projects takes about a second more).
 */
const CATALOG_VERSION_MAX_AGE_MS = 500
const INDEX_REFRESH_MS = 250

export type AppConfig = Pick<
  Config,
  | 'projectId'
  | 'databaseId'
  | 'host'
  | 'port'
  | 'publicOrigin'
  | 'allowedOrigins'
  | 'sessionTtlSeconds'
  | 'logLevel'
  | 'development'
  | 'allowSignUp'
  | 'dataDir'
  | 'mailFrom'
  | 'smtpUrl'
  | 'trustProxy'
  | 'webDir'
  | 'checkoutUrl'
  | 'supportEmail'
  | 'ownerEmail'
  | 'webhookSecrets'
  | 'productIds'
  | 'downloadFile'
  | 'downloadLimit'
  | 'bonusUrls'
  | 'inactivityBlockDays'
  | 'searchWorker'
>

/** Builds the whole application; tests construct this, `main.ts` only listens and shuts down. */
export async function buildApp(
  config: AppConfig,
  database: DatabaseHandle,
  options: {
    mailer?: Mailer
    /** Where log lines go instead of standard output (tests read them). */
    logStream?: { write: (line: string) => void }
    /** How long a request may take to arrive (REQUEST_TIMEOUT_MS); shorter in tests. */
    requestTimeoutMs?: number
    /** Bounds of the shared cache of catalogue answers; smaller in tests. */
    answerCacheLimits?: ResponseCacheLimits
    /** The clock of the daily inactivity check; tests move it. */
    now?: () => Date
    /** Bounds of the in-memory view of live sessions; smaller in tests. */
    sessionViewLimits?: SessionViewLimits
    /** Called when the server is ready and after each search index is built (main gives memory back). */
    afterHeavyWork?: () => void
    /** How often the searches that found nothing are written, and the log's bounds (decision 058). */
    searchLogLimits?: Partial<SearchLogLimits>
  } = {},
) {
  const serverOptions: FastifyServerOptions = {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Never a secret or a member's data in the log (a query's parameters, a link's query string).
            serializers: { err: serializeError, req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: 256 * 1024,
    // Slowly sent headers or bodies are cut off (README: Configuration).
    ...requestTimeouts(options.requestTimeoutMs),
    // One line per request only when asked for (LOG_LEVEL=debug); errors and warnings are always logged.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
    // Behind a reverse proxy the client's address (rate limits, sessions) comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    // Parsed when read, with the SDK's `queries[0]=…` arrays: a cached answer never reads it (decision 033).
    routerOptions: { querystringParser: lazyQuery },
  }
  const app = Fastify(serverOptions)
  await app.register(cookie)

  const origins = createOriginPolicy(config)
  // Links that carry a secret are built from configuration only (decision 011), never from a request.
  const storeOrigin = createStoreOrigin(config)
  app.decorate('storeOrigin', storeOrigin)
  app.addHook('onListen', async () => {
    const address = app.server.address()
    if (address !== null && typeof address === 'object') storeOrigin.listening(address.port)
  })
  const users = createUserRepository(database.db)
  const sessions = createSessionRepository(database.db)
  // Signed-in requests are checked in memory; the database notifies every change (decision 028).
  const sessionView = await openSessionView({
    database,
    sessions,
    limits: options.sessionViewLimits,
    onListeningChange: (listening) =>
      listening
        ? app.log.info('Session changes are heard again: sessions are checked in memory')
        : app.log.warn(
            'Lost the connection that hears session changes: sessions are checked in the database',
          ),
  })
  app.addHook('onClose', async () => sessionView.close())
  app.decorate('sessionView', sessionView)
  const tokens = createTokenRepository(database.db)
  const rateLimiter = createRateLimiter(database)
  const account = createAccountService({
    users,
    sessions,
    sessionView,
    tokens,
    rateLimiter,
    sessionTtlSeconds: config.sessionTtlSeconds,
    allowSignUp: config.allowSignUp,
  })
  const mailer =
    options.mailer ??
    createConfiguredMailer(config, ({ file }) => app.log.info({ file }, 'email written to the mail folder'))
  const recovery = createRecoveryService({
    users,
    sessions,
    tokens,
    rateLimiter,
    mailer,
    onMailError: (error) => app.log.error({ err: error }, 'preparing or sending a recovery email failed'),
  })
  // Emails queued in the database (welcome, purchase, inactivity warning) go out from here, and from
  // any other process on the same database: none twice (email-queue-sender.ts).
  const emailQueue = createEmailQueue({
    database,
    mailer,
    recipients: createEmailRecipients(database.db),
    linkOrigin: () => storeOrigin.linkOrigin(),
    supportEmail: config.supportEmail,
    onError: (error, email) =>
      app.log.error(
        { err: error, email },
        email?.final ? 'a queued email was given up on' : 'sending a queued email failed',
      ),
  })
  app.decorate('emailQueue', emailQueue)
  app.addHook('onReady', async () => {
    // The embedded database admits one process (decision 022), so a claim found in it at start is a
    // crashed sender's: released now rather than after its lease, and the email leaves at once.
    if (database.kind === 'pglite') await createEmailQueueRepository(database.db).releaseClaims()
    emailQueue.start()
  })
  app.addHook('onClose', async () => emailQueue.stop())
  const transport = createSessionTransport({
    projectId: config.projectId,
    origins,
    secureCookies: config.publicOrigin?.startsWith('https:') ?? false,
  })

  const resolved = new WeakMap<FastifyRequest, Promise<Member | null>>()
  const authenticate = (request: FastifyRequest) => {
    let member = resolved.get(request)
    if (!member) {
      member = account.authenticate(readSessionCredentials(request, config.projectId))
      resolved.set(request, member)
    }
    return member
  }

  registerApiHeaders(app, { origins, projectId: config.projectId })
  installErrorHandler(app, {
    development: config.development,
    page: await registerWebApp(app, config, storeOrigin),
  })

  registerAccountRoutes(
    app,
    [...accountRoutes(account, transport), ...recoveryRoutes(recovery, storeOrigin)],
    authenticate,
  )
  // The owner's console: Appwrite's Users service, for members with the admin label (issue 13).
  const members = createMembersService({
    db: database.db,
    users,
    sessions,
    tokens,
    recovery,
    linkOrigin: () => storeOrigin.linkOrigin(),
    now: options.now,
  })
  const usersService = createUsersService({
    db: database.db,
    users,
    sessions,
    members,
    owner: createStoreOwnerReader(users, config.ownerEmail),
    now: options.now,
  })
  const answerCache = createResponseCache(options.answerCacheLimits ?? ANSWER_CACHE_LIMITS)
  app.decorate('answerCache', answerCache)
  const documents = createDocumentRepository(database)
  const catalogVersion = createCatalogVersion(database, CATALOG_VERSION_MAX_AGE_MS)
  // The member's search is answered from an index of the catalogue, built per version (decision 029).
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
  })
  app.addHook('onClose', async () => searchLog.stop())
  const databasesService = createDatabasesService({
    databaseId: config.databaseId,
    documents,
    cache: answerCache,
    catalogVersion,
    textSearch: createTextSearch({
      index: searchIndex,
      answers: indexAnswers,
      pages,
      onNothingFound: searchLog.record,
    }),
    titleContains: createTitleContains({ index: searchIndex, answers: indexAnswers, pages, database }),
  })
  registerDatabaseRoutes(app, databasesService, authenticate, {
    readsOwnWrites: isAdmin,
    idOf: (member) => member.user.id,
  })
  // The owner's console edits the catalogue through Appwrite's document routes (decision 036).
  const documentWrites = createDocumentWrites(database.db, catalogVersion.changed)
  // The console's and the CLI's files are read off the main thread, one at a time (decision 056).
  const files = createFileReader()
  const catalog = createCatalogService(database, files)
  registerThumbnailRoutes(app, database, authenticate)
  registerCatalogStateRoutes(app, database.db, authenticate)
  const storeSettings = createStoreSettings({
    repository: createStoreSettingsRepository(database.db),
    environment: config,
  })
  registerDownloadRoutes(
    app,
    createPurchaseService({
      downloads: createDownloadRepository(database.db),
      settings: storeSettings,
      supportEmail: config.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    }),
    authenticate,
  )
  const orders = createOrderService({
    db: database.db,
    onEmailQueued: () => emailQueue.kick(),
    productIds: config.productIds,
  })
  app.decorate('orders', orders)
  await registerWebhookRoutes(app, {
    secrets: config.webhookSecrets,
    orders,
    log: app.log.child({ module: 'webhooks' }),
  })
  // The owner's console (issue 13): every route admin-only, in one table (decisions 035–040).
  registerAdminRoutes(
    app,
    [
      ...usersRoutes(usersService),
      ...membersAdminRoutes(
        createMemberActivity(database.db, options.now),
        createMembersImport({ db: database.db, members }),
        files,
        database.db,
      ),
      ...documentWriteRoutes(databasesService, documentWrites, documents),
      ...catalogFileRoutes(catalog, files, database.db, catalogVersion.changed),
      ...orderAdminRoutes(orders, database.db),
      ...auditRoutes(database.db),
      ...storeAdminRoutes({
        database,
        catalog,
        settings: storeSettings,
        config,
        searchLog,
        now: options.now,
      }),
    ],
    authenticate,
  )
  registerHealthRoutes(app)
  const stopHousekeeping = startHousekeeping(database, (error) =>
    app.log.error({ err: error }, 'housekeeping failed'),
  )
  app.addHook('onClose', async () => stopHousekeeping())
  // Members inactive too long are warned by email, then blocked (INACTIVITY_BLOCK_DAYS; off when unset).
  const inactivityChecks =
    config.inactivityBlockDays === undefined
      ? null
      : startInactivityChecks({
          inactivity: createInactivityService({
            db: database.db,
            now: options.now,
            onEmailQueued: () => emailQueue.kick(),
          }),
          blockDays: config.inactivityBlockDays,
          onReport: (report) => app.log.info(report, 'inactivity check: members warned or blocked'),
          onError: (error) => app.log.error({ err: error }, 'the inactivity check failed'),
        })
  app.decorate('inactivityChecks', inactivityChecks)
  app.addHook('onClose', async () => inactivityChecks?.stop())
  // Once when the database stops answering (the API answers 503 meanwhile), once when it is back.
  const stopWatching = database.availability?.onChange((reachable, reason) => {
    if (reachable) app.log.warn('The database is reachable again')
    else app.log.error(`The database is unreachable (${reason}): the API answers 503 until it is back`)
  })
  app.addHook('onClose', async () => stopWatching?.())
  return app
}
