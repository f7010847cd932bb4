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

async function listenOnServer(
  pool: pg.Pool,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  let closed = false
  const onMessage = (message: pg.Notification) => {
    if (!closed && message.channel === channel) handlers.onNotification(message.payload ?? '')
  }

  // Every connection of the pool listens too: PostgreSQL hands a listening session its own notifications
  // before it reports the commit, so a write by this process is heard before its caller goes on (a
  // logout is final when its answer leaves). LISTEN is queued ahead of the statement it was taken for.
  const listening = new WeakSet<pg.PoolClient>()
  const onAcquire = (client: pg.PoolClient) => {
    if (listening.has(client)) return
    listening.add(client)
    client.on('notification', onMessage)
    // A connection that cannot LISTEN is broken: its own statement fails, and the pool discards it.
    client.query(`LISTEN ${channel}`).catch(() => undefined)
  }
  pool.on('acquire', onAcquire)

  // A dedicated connection hears other processes, also while the pool holds no connection at all.
  let current: pg.Client | null = null
  let retry: NodeJS.Timeout | undefined
  let heartbeat: NodeJS.Timeout | undefined

  function lose(client: pg.Client) {
    client.off('notification', onMessage)
    void client.end().catch(() => undefined)
    if (client !== current) return
    current = null
    clearInterval(heartbeat)
    handlers.onLost()
    if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS)
  }

  async function connect() {
    const client = new pg.Client({ ...pool.options, keepAlive: true })
    client.on('notification', onMessage)
    client.on('error', () => lose(client))
    client.on('end', () => lose(client))
    current = client
    try {
      await client.connect()
      await client.query(`LISTEN ${channel}`)
    } catch {
      lose(client)
      return
    }
    if (closed || client !== current) return
    handlers.onListening()
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
  }

  await connect()
  return {
    close: async () => {
      closed = true
      clearTimeout(retry)
      clearInterval(heartbeat)
      pool.off('acquire', onAcquire)
      const client = current
      current = null
      if (client) {
        client.off('notification', onMessage)
        await client.end().catch(() => undefined)
      }
    },
  }
}
