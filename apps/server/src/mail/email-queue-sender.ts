import type { DatabaseHandle } from '../platform/db/client'
import { StoreOriginNotConfigured } from '../platform/http/store-origin'
import { QUEUED_EMAIL_KINDS } from './email-queue'
import { createEmailQueueRepository, momentAt } from './email-queue-repository'
import type { Mailer } from './mailer'
import type { WeeklyNews } from './news-email'
import { composeQueuedEmail, type EmailRecipients } from './queued-email-message'
import type { StoreIdentityReader } from './store-identity'

/** Waits before each retry of a failed email; the last one repeats until MAX_ATTEMPTS. */
export const RETRY_DELAYS_SECONDS = [60, 300, 900, 3600, 6 * 3600]
/** After this many failed attempts (about a day and a half) an email is `failed` and the owner told. */
export const MAX_ATTEMPTS = 10
/**
 * How long a sender holds the emails it claimed. Longer than a batch can take (its emails go out
 * together, and the SMTP mailer gives up on a silent server within minutes), so that no other sender
 * takes one still being sent; after it, an email whose sender died is due again.
 */
const LOCK_SECONDS = 600
const BATCH_SIZE = 10
/** Without the store's origin no email can link to the store: looked at again this often. */
const ORIGIN_RETRY_SECONDS = 60

export interface EmailQueue {
  /** Sends what is due now, in the background; kicks while a run goes on make one more run after it. */
  kick(): void
  /** Sends what is due now and every `pollIntervalMs` (retries, emails queued by other processes). */
  start(): void
  /** No more runs; waits for the one in progress. */
  stop(): Promise<void>
  /** Sends everything due, then resolves with how many were sent (the admin CLI, before it exits). */
  runOnce(): Promise<number>
}

/** Which queued email a failure was about (never its address or link). */
export interface QueuedEmailFailure {
  id: string
  kind: string
  attempts: number
  /** True when the email is given up on (`failed`); otherwise it is tried again later. */
  final: boolean
}

/** A failure as the queue keeps it in `last_error`: short, without an address, a link or an email. */
function shortReason(error: unknown): string {
  const code = error instanceof Error ? Reflect.get(error, 'code') : undefined
  const name = typeof code === 'string' ? code : error instanceof Error ? error.name : 'Error'
  const message = error instanceof Error ? error.message : String(error)
  return `${name}: ${message}`
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[address]')
    .replace(/[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g, '[email]')
    .slice(0, 200)
}

/**
 * Sends the emails of the `email_queue` table. Several senders may run on one database (two store
 * processes, the server and the admin CLI): each claims its rows in one statement, so no email is
 * sent by two of them. An email is marked sent right after the mail server accepts it; a crash in
 * that instant is the only way one goes out twice, and both copies then carry the same Message-ID
 * (`<email-queue.ROW_ID@store host>`), which mail clients and servers recognise as one message.
 */
export function createEmailQueue(options: {
  database: DatabaseHandle
  mailer: Mailer
  /** Who the emails go to (members/account's `createEmailRecipients`). */
  recipients: EmailRecipients
  /** The weekly email's projects and unsubscribe link (returning/news provides them). */
  news?: WeeklyNews
  /** The store's origin (`StoreOrigin.linkOrigin`); throws `StoreOriginNotConfigured` when there is none. */
  linkOrigin: () => string
  /** The store's name and support address, as published when each email is composed. */
  storeIdentity: StoreIdentityReader
  /** A failed email (with which one), or a run that could not read the queue; reported once per spell. */
  onError: (error: unknown, email?: QueuedEmailFailure) => void
  /** The clock, for tests; the database's own otherwise. */
  now?: () => Date
  pollIntervalMs?: number
}): EmailQueue {
  const { database, mailer, recipients, onError } = options
  const queue = createEmailQueueRepository(database.db)
  const at = momentAt(options.now)
  const clock = options.now ?? (() => new Date())
  // Said once per spell, not on every poll: the owner needs to hear it, not to read it each 5 seconds.
  let originMissing = false
  let queueUnreadable = false

  type Claimed = Awaited<ReturnType<typeof queue.claimDue>>[number]

  /** One claimed email: sent, skipped, retried later or given up on; true when it was sent. */
  async function deliver(row: Claimed): Promise<boolean> {
    const kind = QUEUED_EMAIL_KINDS.find((one) => one === row.kind)
    try {
      if (!kind) throw new Error(`Unknown email kind ${row.kind}`)
      const origin = options.linkOrigin()
      const composed = await composeQueuedEmail(
        { ...row, kind },
        { recipients, queue, origin, storeIdentity: options.storeIdentity, now: clock(), news: options.news },
      )
      if ('skip' in composed) {
        await queue.markSkipped(row.id, at(), composed.skip)
        return false
      }
      const host = new URL(origin).hostname
      await mailer.send({ ...composed.message, messageId: `<email-queue.${row.id}@${host}>` })
      originMissing = false
    } catch (error) {
      if (error instanceof StoreOriginNotConfigured) {
        await queue.release(row.id, at(), {
          reason: 'PUBLIC_ORIGIN is not set: no link to the store can be built',
          delaySeconds: ORIGIN_RETRY_SECONDS,
        })
        if (!originMissing)
          onError(error, { id: row.id, kind: row.kind, attempts: row.attempts - 1, final: false })
        originMissing = true
        return false
      }
      const last = !kind || row.attempts >= MAX_ATTEMPTS
      const delaySeconds = RETRY_DELAYS_SECONDS[Math.min(row.attempts, RETRY_DELAYS_SECONDS.length) - 1] ?? 60
      await queue.markFailedAttempt(row.id, at(), { reason: shortReason(error), delaySeconds, last })
      onError(error, { id: row.id, kind: row.kind, attempts: row.attempts, final: last })
      return false
    }
    await queue.markSent(row.id, at())
    return true
  }

  const inFlight = new Set<Promise<number>>()
  let stopped = false

  /** Claims and sends batches until nothing is due. */
  function drain(): Promise<number> {
    const run = (async () => {
      let sent = 0
      while (!stopped) {
        const rows = await queue.claimDue(at(), { limit: BATCH_SIZE, lockSeconds: LOCK_SECONDS })
        queueUnreadable = false
        if (rows.length === 0) break
        const results = await Promise.allSettled(rows.map(deliver))
        sent += results.filter((result) => result.status === 'fulfilled' && result.value).length
        // Marking a row failed the database itself (it is down): the row is due again when its claim ends.
        const rejected = results.find((result) => result.status === 'rejected')
        if (rejected) throw rejected.reason
      }
      return sent
    })()
    inFlight.add(run)
    void run.finally(() => inFlight.delete(run)).catch(() => undefined)
    return run
  }

  let running = false
  let kickedMeanwhile = false
  let timer: NodeJS.Timeout | undefined

  async function runWhileKicked() {
    try {
      do {
        kickedMeanwhile = false
        await drain().catch((error: unknown) => {
          if (!queueUnreadable) onError(error)
          queueUnreadable = true
        })
      } while (kickedMeanwhile && !stopped)
    } finally {
      running = false
    }
  }

  function kick() {
    if (stopped) return
    if (running) {
      kickedMeanwhile = true
      return
    }
    running = true
    void runWhileKicked()
  }

  return {
    kick,
    start() {
      if (timer || stopped) return
      timer = setInterval(kick, options.pollIntervalMs ?? 5000)
      timer.unref()
      kick()
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      await Promise.allSettled([...inFlight])
    },
    runOnce: drain,
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sender of queued emails (`buildApp` decorates the app with it): kick it after queuing one. */
    emailQueue: EmailQueue
  }
}
