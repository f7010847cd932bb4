import websocket from '@fastify/websocket'
import Fastify, { LogController, type FastifyServerOptions } from 'fastify'
import { analyticsWing } from './analytics/analytics-wing'
import type { AnalyticsLimits } from './analytics/store-analytics'
import { catalogueWing } from './catalogue/catalogue-wing'
import type { ResponseCacheLimits } from './catalogue/collections/response-cache'
import type { SearchLogLimits } from './catalogue/search-log/search-log'
import { consoleWing } from './console/console-wing'
import { mailWing } from './mail/mail-wing'
import type { Mailer } from './mail/mailer'
import { createEmailRecipients } from './members/account/email-recipients'
import { createMemberRepositories } from './members/account/member-repositories'
import type { SessionViewLimits } from './members/account/session-view'
import { membersWing } from './members/members-wing'
import { pagesWing } from './pages/pages-wing'
import type { Config } from './platform/config'
import type { DatabaseHandle } from './platform/db/client'
import { lazyQuery } from './platform/http/lazy-query'
import { serializeError, serializeRequest } from './platform/http/log-serializers'
import { requestTimeouts } from './platform/http/request-timeouts'
import { platformWing } from './platform/platform-wing'
import { returningWing } from './returning/returning-wing'
import { createWeeklyNews } from './returning/news/weekly-news'
import { sellingWing } from './selling/selling-wing'
import { storefrontWing } from './storefront/storefront-wing'
import { createPublishedStoreIdentity } from './storefront/published-store-identity'
import { createFileReader } from './uploaded-files/file-worker-client'
import { createOffsiteBackups } from './operations/offsite-backups/offsite-backups'
import { automationsWing, type AutomationsWingOptions } from './automations/automations-wing'
import { createKeyAuthentication } from './platform/api-keys/key-callers'
import { createApiKeysRepository } from './platform/api-keys/api-keys-repository'
import { realtimeWing, type RealtimeWingOptions } from './realtime/realtime-wing'
import { REALTIME_LIMITS } from './realtime/realtime-connection'

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
  | 'accountEmailsPerHour'
  | 'searchWorker'
  | 'offsiteBackups'
  | 'adminMfa'
  | 'webhookAllowPrivate'
>

/**
 * Builds the whole application from its wings, each a Fastify plugin (decision 059), bottom to top;
 * tests construct this, `main.ts` only listens and shuts down. What a wing needs from one below it
 * comes as an option or a decoration; repositories are created here once and handed over.
 */
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
    /** The analytics' bounds and how often they are written (decision 065); smaller in tests. */
    analyticsLimits?: Partial<AnalyticsLimits>
    /** The first wait before an off-site backup's upload is tried again (1 min); shorter in tests. */
    backupRetryBaseMs?: number
    /** The webhook sender's poll, first retry and timeout (5 s, 30 s, 10 s); shorter in tests. */
    webhookSender?: AutomationsWingOptions['sender']
    /** The realtime service's bounds (connections, messages, heartbeat); smaller in tests. */
    realtimeLimits?: RealtimeWingOptions['limits']
  } = {},
) {
  const app = Fastify(serverOptions(config, options))
  // WebSockets first (issue 45), so that an upgrade any hook refuses (a forged Origin) has its socket ended.
  const realtimeLimits = { ...REALTIME_LIMITS, ...options.realtimeLimits }
  await app.register(websocket, { options: { maxPayload: realtimeLimits.maxMessageBytes } })
  const { now } = options
  const repositories = createMemberRepositories(database.db)
  // The console's and the CLI's files are read off the main thread, one at a time (decision 056).
  const files = createFileReader()

  await app.register(platformWing, { config, database })
  // Every email names the store as the owner last published it (issue 41): heard on each publish.
  const storeIdentity = createPublishedStoreIdentity({
    database,
    supportEmail: config.supportEmail,
    listen: true,
  })
  app.addHook('onClose', () => storeIdentity.stop())
  await app.register(mailWing, {
    config,
    database,
    recipients: createEmailRecipients(repositories),
    news: createWeeklyNews(database.db),
    storeIdentity: storeIdentity.read,
    mailer: options.mailer,
  })
  await app.register(pagesWing, { config })
  await app.register(storefrontWing, { config, database, now })
  await app.register(analyticsWing, {
    database,
    // The members' wing is registered next and counts through this one: it is asked when a request comes.
    authenticate: (request) => app.members.authenticate(request),
    checkoutUrl: config.checkoutUrl,
    limits: options.analyticsLimits,
    now,
  })
  await app.register(membersWing, {
    config,
    database,
    repositories,
    now,
    sessionViewLimits: options.sessionViewLimits,
  })
  // An API key (issue 44) is taken wherever the console's own calls are: the console's table and the
  // catalogue's documents. Everywhere else a key is no one.
  const keys = createKeyAuthentication({
    keys: createApiKeysRepository(database.db),
    rateLimiter: app.rateLimiter,
    now,
  })
  const authenticate = keys.withApiKeys(app.members.authenticate)
  await app.register(catalogueWing, {
    config,
    database,
    authenticate,
    files,
    answerCacheLimits: options.answerCacheLimits,
    searchLogLimits: options.searchLogLimits,
    afterHeavyWork: options.afterHeavyWork,
    now,
  })
  await app.register(sellingWing, {
    config,
    database,
    authenticate: app.members.authenticate,
    storeIdentity: storeIdentity.read,
  })
  await app.register(returningWing, {
    config,
    database,
    authenticate: app.members.authenticate,
    storeIdentity: storeIdentity.read,
    now,
  })
  // Backups uploaded to the owner's bucket, retried from their queue (issue 42): resumed at start.
  const offsiteBackups = createOffsiteBackups({
    config: config.offsiteBackups,
    database,
    dataDir: config.dataDir,
    log: app.log.child({ module: 'backups' }),
    now,
    retryBaseMs: options.backupRetryBaseMs,
  })
  app.decorate('offsiteBackups', offsiteBackups)
  app.addHook('onReady', () => offsiteBackups.start())
  app.addHook('onClose', () => offsiteBackups.stop())
  await app.register(automationsWing, {
    database,
    allowPrivate: config.webhookAllowPrivate,
    now,
    sender: options.webhookSender,
  })
  await app.register(realtimeWing, { config, database, limits: realtimeLimits })
  await app.register(consoleWing, { config, database, authenticate, files, offsiteBackups, now })
  return app
}

function serverOptions(
  config: AppConfig,
  options: { logStream?: { write: (line: string) => void }; requestTimeoutMs?: number },
): FastifyServerOptions {
  return {
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
}
