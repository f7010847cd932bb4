import { SMTPServer } from 'smtp-server'

/** One message the gate accepted: who sent it (the envelope's sender) and its Message-ID. */
export interface GatedEmail {
  from: string
  to: string[]
  messageId: string
  /** The message as it arrived (headers and body, MIME-encoded). */
  source: string
}

export interface SmtpGate {
  /** `smtp://127.0.0.1:<port>`, for the store's SMTP_URL. */
  url: string
  emails: GatedEmail[]
  /** Messages held until each of these senders has sent one (or `waitMs` passed), then all accepted. */
  holdUntilEachSent: (senders: string[], waitMs: number) => void
  close: () => Promise<void>
}

/**
 * A local SMTP server that accepts every message, and can hold them (not answer the end of DATA) until
 * every named sender has one under way: the senders are then surely sending at the same moment, each
 * with the emails it claimed. No TLS, no authentication.
 */
export async function startSmtpGate(): Promise<SmtpGate> {
  const emails: GatedEmail[] = []
  let held: { senders: Set<string>; seen: Set<string>; release: (() => void)[] } | null = null
  const releaseAll = () => {
    const waiting = held?.release ?? []
    held = null
    for (const release of waiting) release()
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const source = Buffer.concat(chunks).toString('utf8')
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        const accept = () => {
          emails.push({
            from,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            messageId: /^Message-ID:\s*(\S+)/im.exec(source)?.[1] ?? '',
            source,
          })
          callback()
        }
        if (!held) return accept()
        held.release.push(accept)
        held.seen.add(from)
        if ([...held.senders].every((sender) => held?.seen.has(sender))) releaseAll()
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
    holdUntilEachSent: (senders, waitMs) => {
      held = { senders: new Set(senders), seen: new Set(), release: [] }
      setTimeout(releaseAll, waitMs).unref()
    },
    close: () => {
      releaseAll()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
