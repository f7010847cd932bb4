import nodemailer from 'nodemailer'
import type { Mailer } from './mailer'

/** Sends through the configured SMTP server (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com`). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url)
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      })
    },
  }
}
