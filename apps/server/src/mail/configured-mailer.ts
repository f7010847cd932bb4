import path from 'node:path'
import type { Config } from '../platform/config'
import { createFileMailer, type Mailer } from './mailer'
import { createSmtpMailer } from './smtp-mailer'

/**
 * SMTP when `SMTP_URL` is set; otherwise the mail folder is the outbox, and `onWritten` hears which
 * file each message went to, so an owner running offline can open it and pass its link on. The link
 * itself is never handed out here: it carries a secret, and what `onWritten` gets may end up in a log.
 */
export function createConfiguredMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  onWritten: (written: { file: string; to: string }) => void,
): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
  return createFileMailer({
    directory: path.join(config.dataDir, 'mail'),
    from: config.mailFrom,
    onSent: (file, message) => onWritten({ file, to: message.to }),
  })
}
