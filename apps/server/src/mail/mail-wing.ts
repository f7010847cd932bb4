import fp from 'fastify-plugin'
import type { Config } from '../platform/config'
import type { DatabaseHandle } from '../platform/db/client'
import { createConfiguredMailer } from './configured-mailer'
import { createEmailQueueRepository } from './email-queue-repository'
import { createEmailQueue } from './email-queue-sender'
import type { Mailer } from './mailer'
import type { WeeklyNews } from './news-email'
import type { EmailRecipients } from './queued-email-message'
import type { StoreIdentityReader } from './store-identity'

export interface MailWingOptions {
  config: Pick<Config, 'mailFrom' | 'smtpUrl' | 'dataDir'>
  database: DatabaseHandle
  /** Who the queued emails go to (members/account's `createEmailRecipients`). */
  recipients: EmailRecipients
  /** The weekly "what's new" email's projects and unsubscribe link (returning/news's `createWeeklyNews`). */
  news?: WeeklyNews
  /**
   * The store's name and support address as the owner published them (the storefront's reader, given by
   * the composition): every email of the store, the members' included, is signed with it.
   */
  storeIdentity: StoreIdentityReader
  /** Tests give a mailbox; otherwise SMTP_URL's server or the mail folder. */
  mailer?: Mailer
}

/**
 * The store's mail: the mailer, and the queue of emails kept in the database (welcome, purchase,
 * inactivity warning, the weekly news), sent from here and from any other process on the same database, none twice.
 */
export const mailWing = fp<MailWingOptions>(
  async (app, { config, database, recipients, news, storeIdentity, mailer: given }) => {
    const mailer =
      given ??
      createConfiguredMailer(config, ({ file }) => app.log.info({ file }, 'email written to the mail folder'))
    app.decorate('mailer', mailer)
    app.decorate('storeIdentity', storeIdentity)
    const emailQueue = createEmailQueue({
      database,
      mailer,
      recipients,
      news,
      linkOrigin: () => app.storeOrigin.linkOrigin(),
      storeIdentity,
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
  },
  { name: 'mail', dependencies: ['platform'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
    /** The store's name and support address for an email being composed (the members' emails ask it). */
    storeIdentity: StoreIdentityReader
  }
}
