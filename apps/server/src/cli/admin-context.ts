import { createEmailRecipients } from '../members/account/email-recipients'
import { createMembersService, type MembersService } from '../members/account/members-service'
import { createRecoveryService } from '../members/account/recovery-service'
import { createAccountEmailCeiling } from '../members/account/account-email-limits'
import { createMemberRepositories } from '../members/account/member-repositories'
import { createCatalogService, type CatalogService } from '../catalogue/editing/catalog-service'
import type { DatabaseHandle } from '../platform/db/client'
import {
  createStoreSettings,
  DEFAULT_DOWNLOAD_LIMIT,
  type StoreEnvironment,
  type StoreSettings,
} from '../selling/downloads/store-settings'
import { createStoreSettingsRepository } from '../selling/downloads/store-settings-repository'
import { createEmailQueue, type EmailQueue, type QueuedEmailFailure } from '../mail/email-queue-sender'
import type { Mailer } from '../mail/mailer'
import type { StoreIdentityReader } from '../mail/store-identity'
import { createFileReader } from '../uploaded-files/file-worker-client'
import { createInactivityService, type InactivityService } from '../members/inactivity/inactivity-service'
import { createOrderService, type OrderService } from '../selling/orders/order-service'
import { createRateLimiter } from '../platform/security/rate-limits'
import { createPublishedStoreIdentity } from '../storefront/published-store-identity'
import { createStorefrontService, type StorefrontService } from '../storefront/storefront-service'
import { createAutomationsService, type AutomationsService } from '../automations/automations-service'
import { createWebhookSender, type WebhookSender } from '../platform/webhooks/webhook-sender'
import type { OffsiteBackups } from '../operations/offsite-backups/offsite-backups'

/** The services every admin command runs on: built by the CLI, or by the running server for its socket. */
export interface AdminContext {
  database: DatabaseHandle
  members: MembersService
  catalog: CatalogService
  /**
   * Sends the emails commands queue (`orders grant`): kick it after queuing; the CLI on its own runs
   * `runOnce()` before it exits, and a server's own queue sends whatever is left.
   */
  emailQueue: EmailQueue
  /** The owner's store settings (download file, bonus links, download limit) over the environment's. */
  settings: StoreSettings
  /** Orders and what they do to members: `orders grant` and `orders refund` act as a webhook would. */
  orders: OrderService
  /** Members inactive too long (`users inactive`). */
  inactivity: InactivityService
  /** The owner's storefront: its published content, imported and exported as JSON (issue 41). */
  storefront: StorefrontService
  /** DATA_DIR, where `db backup` writes (the embedded database's, or a PostgreSQL store's packed copy). */
  dataDir?: string
  /** The off-site backups (issue 42): `db backup --upload`. */
  offsite?: OffsiteBackups
  /** API keys and webhook endpoints (issue 44). */
  automations: AutomationsService
  /** Sends `webhooks test`'s delivery: the server's own sender, or this process's. */
  webhookSender: WebhookSender
}

export function createAdminContext(options: {
  database: DatabaseHandle
  mailer: Mailer
  /** Where invitation links point: `StoreOrigin.linkOrigin` of the server, or of the CLI's configuration. */
  linkOrigin: () => string
  dataDir?: string
  /** SUPPORT_EMAIL, named in the emails the queue sends when the published storefront names no address. */
  supportEmail?: string
  /**
   * The running server's reader of the store's name and address, which hears each publish; the CLI on
   * its own reads the published storefront itself.
   */
  storeIdentity?: StoreIdentityReader
  /** A queued email not sent (it stays queued and is retried): the server logs it, the CLI prints it. */
  onEmailError?: (error: unknown, email?: QueuedEmailFailure) => void
  /** DOWNLOAD_FILE, DOWNLOAD_LIMIT, BONUS_1_URL, BONUS_2_URL as the process running the command reads them. */
  storeEnvironment?: StoreEnvironment
  /** The running server's own sender, so its process has one (the CLI on its own makes its own). */
  emailQueue?: EmailQueue
  /** The process's off-site backups: the server's own (its retries), or the CLI's. */
  offsite?: OffsiteBackups
  /** The running server's webhook sender; the CLI on its own makes one (WEBHOOK_ALLOW_PRIVATE). */
  webhookSender?: WebhookSender
  webhookAllowPrivate?: boolean
}): AdminContext {
  const { database, mailer } = options
  const repositories = createMemberRepositories(database.db)
  const { users, sessions, tokens } = repositories
  const rateLimiter = createRateLimiter(database)
  // Not listening: the CLI's run is short, and a listening connection would keep it from ending.
  const storeIdentity =
    options.storeIdentity ??
    createPublishedStoreIdentity({ database, supportEmail: options.supportEmail, listen: false }).read
  const recovery = createRecoveryService({
    users,
    sessions,
    tokens,
    rateLimiter,
    mailer,
    storeIdentity,
    // Only invitations are sent from here, and the ceiling bounds what visitors ask for: never reached.
    ceiling: createAccountEmailCeiling({ rateLimiter, perHour: 1, onFirstHeld: () => undefined }),
    // Invitations wait for their mail and report failures themselves; nothing is sent in the background.
    onMailError: () => undefined,
  })
  const emailQueue =
    options.emailQueue ??
    createEmailQueue({
      database,
      mailer,
      recipients: createEmailRecipients(repositories),
      linkOrigin: options.linkOrigin,
      storeIdentity,
      onError: options.onEmailError ?? (() => undefined),
    })
  return {
    database,
    members: createMembersService({
      db: database.db,
      users,
      sessions,
      tokens,
      recovery,
      linkOrigin: options.linkOrigin,
    }),
    catalog: createCatalogService(database, createFileReader()),
    emailQueue,
    settings: createStoreSettings({
      repository: createStoreSettingsRepository(database.db),
      environment: options.storeEnvironment ?? {
        downloadFile: undefined,
        downloadLimit: DEFAULT_DOWNLOAD_LIMIT,
        bonusUrls: { bonus1: undefined, bonus2: undefined },
      },
    }),
    orders: createOrderService({ db: database.db, onEmailQueued: () => emailQueue.kick() }),
    inactivity: createInactivityService({ db: database.db }),
    storefront: createStorefrontService({ db: database.db }),
    dataDir: options.dataDir,
    offsite: options.offsite,
    automations: createAutomationsService({ db: database.db }),
    webhookSender:
      options.webhookSender ??
      createWebhookSender({
        database,
        allowPrivate: options.webhookAllowPrivate ?? false,
        onError: () => undefined,
      }),
  }
}
