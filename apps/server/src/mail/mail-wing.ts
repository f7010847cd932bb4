import fp from 'fastify-plugin'
import type { Config } from '../platform/config'
import type { DatabaseHandle } from '../platform/db/client'
import { createConfiguredMailer } from './configured-mailer'
import { createEmailQueueRepository } from './email-queue-repository'
import { createEmailQueue } from './email-queue-sender'
import type { Mailer } from './mailer'
import type { WeeklyNews } from './news-email'
import type { EmailRecipients } from './queued-email-message'

export interface MailWingOptions {
  config: Pick<Config, 'mailFrom' | 'smtpUrl' | 'dataDir' | 'supportEmail'>
  database: DatabaseHandle
  /** Who the queued emails go to (members/account's `createEmailRecipients`). */
  recipients: EmailRecipients
  /** The weekly "what's new" email's projects and unsubscribe link (returning/news's `createWeeklyNews`). */
  news?: WeeklyNews
  /** Tests give a mailbox; otherwise SMTP_URL's server or the mail folder. */
  mailer?: Mailer
}

/**
 * The store's mail: the mailer, and the queue of emails kept in the database (welcome, purchase,
 * inactivity warning, the weekly news), sent from here and from any other process on the same database, none twice.
 */
export const mailWing = fp<MailWingOptions>(
  async (app, { config, database, recipients, news, mailer: given }) => {
    const mailer =
      given ??
      createConfiguredMailer(config, ({ file }) => app.log.info({ file }, 'email written to the mail folder'))
    app.decorate('mailer', mailer)
    const emailQueue = createEmailQueue({
      database,
      mailer,
      recipients,
      news,
      linkOrigin: () => app.storeOrigin.linkOrigin(),
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
  },
  { name: 'mail', dependencies: ['platform'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}
