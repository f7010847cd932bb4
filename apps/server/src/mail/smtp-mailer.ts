import nodemailer from 'nodemailer'
import { senderOf, type Mailer } from './mailer'

/**
 * Sends through the configured SMTP server (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com`).
 * A server that stops answering fails the send within a few minutes instead of nodemailer's ten of
 * silence per step, well inside the time the email queue holds a message (see `email-queue-sender.ts`).
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  })
  return {
    async send(message) {
      await transport.sendMail({
        from: senderOf(options.from, message),
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      })
    },
  }
}
