import { SMTPServer } from 'smtp-server'

/** One message the sink accepted: its recipients, its source (soft line breaks undone) and when. */
export interface SunkEmail {
  to: string[]
  source: string
  /** `performance.now()` when the message was accepted. */
  at: number
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for the server's SMTP_URL. */
  url: string
  emails: SunkEmail[]
  close: () => Promise<void>
}

/**
 * A local SMTP server that accepts every message and keeps it in memory, so the bench sees each email
 * the store sends, when it was accepted, and none twice unnoticed. No TLS, no authentication.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const emails: SunkEmail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        emails.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          // Quoted-printable soft line breaks would split a link in two.
          source: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
          at: performance.now(),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return {
    url: `smtp://127.0.0.1:${port}`,
    emails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
