import { sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import type { DatabaseHandle } from '../db/client'
import { listenToChannel, type ChannelListener } from '../db/notifications'
import { recordAuditEvent } from '../audit/audit-log'
import { createWebhookDeliveriesRepository, type WebhookDeliveryRow } from './webhook-deliveries-repository'
import { createWebhookEndpointsRepository } from './webhook-endpoints-repository'
import { WEBHOOK_CHANNEL } from './webhook-outbox'
import { postWebhook, type WebhookAnswer } from './webhook-request'

/** Deliveries are tried for three days (issue 44); an endpoint failing that long is turned off. */
export const GIVE_UP_SECONDS = 3 * 24 * 3600
/** The first wait before a try again, doubled after each failure, never more than an hour. */
export const FIRST_RETRY_SECONDS = 30
const LONGEST_RETRY_SECONDS = 3600
/** Longer than a delivery can take (10 s): a claim outlives its try, and a dead sender's ends. */
const LOCK_SECONDS = 60
const BATCH_SIZE = 10

/** The wait after the n-th failed try (1-based): 30 s, 1 min, 2 min, … up to 1 h. */
export const retryDelaySeconds = (attempts: number, firstSeconds = FIRST_RETRY_SECONDS) =>
  Math.min(LONGEST_RETRY_SECONDS, firstSeconds * 2 ** Math.max(0, attempts - 1))

export interface WebhookSender {
  /** Sends what is due now (a delivery was queued). */
  kick: () => void
  start: () => Promise<void>
  stop: () => Promise<void>
  /** Sends what is due, once; resolves with how many were delivered (tests). */
  runOnce: () => Promise<number>
}

/**
 * Sends the queued webhook deliveries (issue 44), on every instance: each claims its rows in one
 * statement (SKIP LOCKED), so no two send one delivery at the same moment. At least once: a delivery is
 * marked delivered after its 2xx answer, so a crash in between sends it again, with the same
 * `webhook-id`. Woken by the notification its commit sends, and every few seconds for the retries.
 */
export function createWebhookSender(options: {
  database: DatabaseHandle
  allowPrivate: boolean
  onError: (error: unknown) => void
  /** An endpoint was turned off after three days of failures (the console shows it). */
  onEndpointDisabled?: (endpoint: { id: string; url: string }) => void
  now?: () => Date
  pollIntervalMs?: number
  /** The first wait before a try again (30 s); shorter in tests. */
  firstRetrySeconds?: number
  timeoutMs?: number
}): WebhookSender {
  const { database } = options
  const deliveries = createWebhookDeliveriesRepository(database.db)
  const endpoints = createWebhookEndpointsRepository(database.db)
  const at = options.now ? () => sql`${options.now?.().toISOString()}::timestamptz` : () => sql`now()`
  const clock = options.now ?? (() => new Date())
  let listener: ChannelListener | null = null

  async function attempt(row: WebhookDeliveryRow): Promise<WebhookAnswer> {
    const endpoint = await endpoints.find(row.endpointId)
    if (!endpoint) return { statusCode: null, body: '', error: 'the endpoint was removed', durationMs: 0 }
    const sentAt = clock()
    const signature = new Webhook(await endpoints.secretOf(endpoint)).sign(row.id, sentAt, row.payload)
    return postWebhook(
      endpoint.url,
      row.payload,
      {
        'webhook-id': row.id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      { allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs },
    )
  }

  async function deliver(row: WebhookDeliveryRow): Promise<boolean> {
    const answer = await attempt(row)
    // One moment judges this try: its delivery's age, its next try and the endpoint's spell of failures,
    // so a delivery young enough to be tried again never turns its endpoint off as three days old.
    const moment = clock()
    const atMoment = sql`${moment.toISOString()}::timestamptz`
    await deliveries.recordAttempt({
      deliveryId: row.id,
      at: moment,
      statusCode: answer.statusCode,
      durationMs: answer.durationMs,
      error: answer.error,
    })
    if (answer.error === null) {
      await deliveries.markDelivered(row.id, atMoment)
      await deliveries.endpointAnswered(row.endpointId)
      return true
    }
    const age = (moment.getTime() - row.createdAt.getTime()) / 1000
    await deliveries.markFailedAttempt(
      row.id,
      atMoment,
      age >= GIVE_UP_SECONDS
        ? 'give-up'
        : { delaySeconds: retryDelaySeconds(row.attempts, options.firstRetrySeconds) },
    )
    const disabled = await deliveries.endpointFailed(row.endpointId, atMoment, GIVE_UP_SECONDS)
    if (disabled) {
      await recordAuditEvent(
        database.db,
        { source: 'store' },
        {
          action: 'webhook.endpoint.disable',
          subject: `webhooks/${disabled.id}`,
          after: { url: disabled.url, reason: 'failing' },
        },
      )
      options.onEndpointDisabled?.({ id: disabled.id, url: disabled.url })
    }
    return false
  }

  const inFlight = new Set<Promise<number>>()
  let stopped = false
  let running = false
  let kickedMeanwhile = false
  let timer: NodeJS.Timeout | undefined

  function drain(): Promise<number> {
    const run = (async () => {
      let delivered = 0
      while (!stopped) {
        const rows = await deliveries.claimDue(at(), { limit: BATCH_SIZE, lockSeconds: LOCK_SECONDS })
        if (rows.length === 0) break
        const results = await Promise.allSettled(rows.map(deliver))
        delivered += results.filter((result) => result.status === 'fulfilled' && result.value).length
        const rejected = results.find((result) => result.status === 'rejected')
        if (rejected) throw rejected.reason
      }
      return delivered
    })()
    inFlight.add(run)
    void run.finally(() => inFlight.delete(run)).catch(() => undefined)
    return run
  }

  async function runWhileKicked() {
    try {
      do {
        kickedMeanwhile = false
        await drain().catch(options.onError)
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
    async start() {
      if (timer || stopped) return
      // The embedded database admits one process: a claim found at start is a crashed sender's.
      if (database.kind === 'pglite') await deliveries.releaseClaims()
      listener = await listenToChannel(database, WEBHOOK_CHANNEL, {
        onNotification: kick,
        onListening: kick,
        onLost: () => undefined,
      })
      timer = setInterval(kick, options.pollIntervalMs ?? 5000)
      timer.unref()
      kick()
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      await listener?.close()
      await Promise.allSettled([...inFlight])
    },
    runOnce: drain,
  }
}
