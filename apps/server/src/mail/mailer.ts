import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface MailMessage {
  to: string
  subject: string
  text: string
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
  return {
    async send(message) {
      await mkdir(options.directory, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(options.directory, `${stamp}-${randomBytes(3).toString('hex')}.eml`)
      const encodedSubject = `=?UTF-8?B?${Buffer.from(message.subject).toString('base64')}?=`
      const eml = [
        `From: ${options.from}`,
        `To: ${message.to}`,
        `Subject: ${encodedSubject}`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from(message.text).toString('base64').replace(/.{76}/g, '$&\r\n'),
        '',
      ].join('\r\n')
      await writeFile(file, eml, { mode: 0o600 })
      options.onSent?.(file, message)
    },
  }
}
