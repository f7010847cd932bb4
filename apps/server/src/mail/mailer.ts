import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser'

export interface MailMessage {
  to: string
  /**
   * The name the reader sees as the sender: the store's name as the owner last published it (issue 41),
   * with MAIL_FROM's address. Without it, MAIL_FROM as it is.
   */
  fromName?: string
  subject: string
  text: string
  html?: string
  /** The link the message carries, when there is one; it holds a secret, so it is never logged. */
  link?: string
  /**
   * The `Message-ID` header (`<id@domain>`), when the sender chooses it: a queued email keeps one id
   * across retries, so a copy sent twice is recognisable as the same message.
   */
  messageId?: string
  /**
   * Extra headers, such as the weekly email's `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058);
   * their values are plain ASCII.
   */
  headers?: Record<string, string>
}

/** MAIL_FROM with the message's own sender name, when it has one; MAIL_FROM's address either way. */
export function senderOf(mailFrom: string, message: Pick<MailMessage, 'fromName'>) {
  if (!message.fromName) return mailFrom
  const [first] = addressparser(mailFrom, { flatten: true })
  return first?.address ? { name: message.fromName, address: first.address } : mailFrom
}

export interface Mailer {
  send: (message: MailMessage) => Promise<void>
}

/**
 * Without an SMTP server the store still works offline: each message is written to `DATA_DIR/mail/` as
 * an .eml file that any mail client opens.
 */
export function createFileMailer(options: {
  directory: string
  from: string
  onSent?: (file: string, message: MailMessage) => void
}): Mailer {
  // nodemailer composes the MIME message (text and HTML alternatives) without sending it anywhere.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    async send(message) {
      await mkdir(options.directory, { recursive: true, mode: 0o700 })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(options.directory, `${stamp}-${randomBytes(3).toString('hex')}.eml`)
      const composed = await composer.sendMail({
        from: senderOf(options.from, message),
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      })
      await writeFile(file, composed.message, { mode: 0o600 })
      options.onSent?.(file, message)
    },
  }
}
