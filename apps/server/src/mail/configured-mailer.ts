import path from 'node:path'
import type { Config } from '../config'
import { createFileMailer, type Mailer } from './mailer'
import { createSmtpMailer } from './smtp-mailer'

/**
 * SMTP when `SMTP_URL` is set; otherwise the mail folder is the outbox, and the log says where each
 * message went and the link it carries, so an owner running offline can still pass a link on.
 */
export function createConfiguredMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: (fields: { file: string; to: string; link?: string }, line: string) => void,
): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
  return createFileMailer({
    directory: path.join(config.dataDir, 'mail'),
    from: config.mailFrom,
    onSent: (file, message) =>
      log(
        { file, to: message.to, ...(message.link ? { link: message.link } : {}) },
        'email written to the mail folder',
      ),
  })
}
