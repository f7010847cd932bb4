import pg from 'pg'
import type { DatabaseHandle } from './client'

export interface ChannelHandlers {
  /** A payload sent on the channel (`pg_notify`), by this process or by another one. */
  onNotification: (payload: string) => void
  /** Listening (again): from now on no notification is missed. */
  onListening: () => void
  /** The listening connection was lost: notifications sent meanwhile will never arrive. */
  onLost: () => void
}

export interface ChannelListener {
  close: () => Promise<void>
}

/** How often the listening connection proves it is alive, and how long it may take to answer. */
const HEARTBEAT_MS = 2_000
const HEARTBEAT_TIMEOUT_MS = 5_000
/** The dedicated listening connection's name in `pg_stat_activity`. */
export const LISTENER_NAME = 'projects-gallery listener'

/** How soon a lost listening connection is opened again. */
const RECONNECT_MS = 1_000

/** PGlite's `listen`, which the embedded database's client offers in the same shape. */
interface ListeningClient {
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>
}

const canListen = (driver: unknown): driver is ListeningClient =>
  typeof driver === 'object' && driver !== null && 'listen' in driver && typeof driver.listen === 'function'

/**
 * Hears `NOTIFY <channel>` on either database (decision 028). Resolves once the first attempt to listen
 * settled (`onListening` was called, or `onLost` with retries under way); null when the database handle
 * offers no way to listen, and then nothing is ever heard.
 *
 * The handle does not expose its driver (db/client.ts), so the driver is reached through drizzle's
 * `$client`: a node-postgres pool, or the embedded database's client (PGlite or its worker's client).
 */
export async function listenToChannel(
  database: DatabaseHandle,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener | null> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`)
  const driver: unknown = Reflect.get(database.db, '$client')
  if (driver instanceof pg.Pool) return listenOnServer(driver, channel, handlers)
  if (canListen(driver)) {
    // One connection, so every notification, this process's own included, is heard with the answer of
    // the statement that committed it, before the caller goes on.
    const unlisten = await driver.listen(channel, handlers.onNotification)
    handlers.onListening()
    return { close: () => unlisten().catch(() => undefined) }
  }
  return null
}

/** A channel's handlers, as one caller of `listenToChannel` gave them. */
interface Subscriber {
  channel: string
  handlers: ChannelHandlers
}

/**
 * Every channel of one pool heard through one dedicated connection (the session view, the members'
 * collections, the search synonyms…): a connection per channel would hold one more of the server's
 * connections per channel and process, and several processes on one PostgreSQL count them all.
 */
const listenersByPool = new WeakMap<pg.Pool, ReturnType<typeof poolListener>>()

function listenOnServer(pool: pg.Pool, channel: string, handlers: ChannelHandlers): Promise<ChannelListener> {
  let shared = listenersByPool.get(pool)
  if (!shared) {
    shared = poolListener(pool, () => listenersByPool.delete(pool))
    listenersByPool.set(pool, shared)
  }
  return shared.subscribe({ channel, handlers })
}

function poolListener(pool: pg.Pool, onEmpty: () => void) {
  const subscribers = new Set<Subscriber>()
  const channels = () => new Set([...subscribers].map((subscriber) => subscriber.channel))
  const onMessage = (message: pg.Notification) => {
    for (const subscriber of subscribers)
      if (subscriber.channel === message.channel) subscriber.handlers.onNotification(message.payload ?? '')
  }

  // Every connection of the pool listens too: PostgreSQL hands a listening session its own notifications
  // before it reports the commit, so a write by this process is heard before its caller goes on (a
  // logout is final when its answer leaves). LISTEN is queued ahead of the statement it was taken for;
  // a channel subscribed later is listened to on each connection's next use.
  const listenedBy = new WeakMap<pg.PoolClient, Set<string>>()
  const onAcquire = (client: pg.PoolClient) => {
    let listened = listenedBy.get(client)
    if (!listened) {
      listened = new Set()
      listenedBy.set(client, listened)
      client.on('notification', onMessage)
    }
    for (const channel of channels()) {
      if (listened.has(channel)) continue
      listened.add(channel)
      // A connection that cannot LISTEN is broken: its own statement fails, and the pool discards it.
      client.query(`LISTEN ${channel}`).catch(() => undefined)
    }
  }
  pool.on('acquire', onAcquire)

  // A dedicated connection hears other processes, also while the pool holds no connection at all.
  let current: pg.Client | null = null
  let listening = false
  let connecting: Promise<void> | null = null
  let retry: NodeJS.Timeout | undefined
  let heartbeat: NodeJS.Timeout | undefined
  let closed = false

  function lose(client: pg.Client) {
    client.off('notification', onMessage)
    void client.end().catch(() => undefined)
    if (client !== current) return
    current = null
    listening = false
    clearInterval(heartbeat)
    for (const subscriber of subscribers) subscriber.handlers.onLost()
    if (!closed)
      retry = setTimeout(() => {
        retry = undefined
        void connect()
      }, RECONNECT_MS)
  }

  /** The channels the dedicated connection listens to: until each one subscribed meanwhile is. */
  let heard = new Set<string>()
  async function listenTo(client: pg.Client) {
    for (;;) {
      const next = [...channels()].find((channel) => !heard.has(channel))
      if (next === undefined) return
      await client.query(`LISTEN ${next}`)
      heard.add(next)
    }
  }

  function connect(): Promise<void> {
    connecting = (async () => {
      // Named, so that an owner looking at the server's connections knows what holds this one.
      const client = new pg.Client({ ...pool.options, keepAlive: true, application_name: LISTENER_NAME })
      heard = new Set()
      client.on('notification', onMessage)
      client.on('error', () => lose(client))
      client.on('end', () => lose(client))
      current = client
      try {
        await client.connect()
        await listenTo(client)
      } catch {
        lose(client)
        return
      }
      if (closed || client !== current) return
      listening = true
      for (const subscriber of subscribers) subscriber.handlers.onListening()
      // A connection cut without a word (a network gone) says nothing: one that stops answering is lost.
      let pending = false
      heartbeat = setInterval(() => {
        if (pending) return
        pending = true
        const answered = client.query('SELECT 1').then(() => true)
        const late = new Promise<boolean>((resolve) =>
          setTimeout(() => resolve(false), HEARTBEAT_TIMEOUT_MS).unref(),
        )
        void Promise.race([answered, late])
          .catch(() => false)
          .then((alive) => {
            pending = false
            if (!alive) lose(client)
          })
      }, HEARTBEAT_MS)
      heartbeat.unref()
    })().finally(() => {
      connecting = null
    })
    return connecting
  }

  async function close() {
    closed = true
    clearTimeout(retry)
    clearInterval(heartbeat)
    pool.off('acquire', onAcquire)
    onEmpty()
    const client = current
    current = null
    listening = false
    if (client) {
      client.off('notification', onMessage)
      await client.end().catch(() => undefined)
    }
  }

  return {
    /**
     * Resolves once the first attempt to listen for this subscriber settled: `onListening` was called,
     * or `onLost` with retries under way (as for the first subscriber, whose attempt opens the connection).
     */
    async subscribe(subscriber: Subscriber): Promise<ChannelListener> {
      subscribers.add(subscriber)
      const listener = {
        close: async () => {
          subscribers.delete(subscriber)
          if (subscribers.size === 0) await close()
        },
      }
      // The connection's first attempt (or a retry) under way, or none yet: it tells every subscriber,
      // this one included, whether it listens (`onListening`) or was lost (`onLost`).
      if (connecting) await connecting
      else if (!current && retry === undefined) await connect()
      else if (current && listening) {
        const client = current
        if (!heard.has(subscriber.channel)) {
          try {
            await client.query(`LISTEN ${subscriber.channel}`)
            heard.add(subscriber.channel)
          } catch {
            lose(client)
            return listener
          }
        }
        subscriber.handlers.onListening()
      } else subscriber.handlers.onLost()
      return listener
    },
  }
}
