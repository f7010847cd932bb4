import { z } from 'zod'
import { decodeSessionValue, type SessionValue } from '../platform/appwrite/session-cookie'
import type { SignedIn } from '../platform/http/signed-in'
import { ADMIN_CHANNELS, type Delivery } from './realtime-events'

/** The bounds of one instance's realtime service (README: Realtime); smaller in tests. */
export interface RealtimeLimits {
  /** Open connections per member, and per client address (IPv6 by its /64). */
  perMember: number
  perAddress: number
  /** The largest message a client may send (the WebSocket's `maxPayload`). */
  maxMessageBytes: number
  /** Channels one connection may hold, over all its subscriptions. */
  maxChannels: number
  /** Messages a client may send in `windowMs`; past it they are refused, past twice it the socket is closed. */
  messagesPerWindow: number
  windowMs: number
  /** How often the server pings; a connection that did not answer the previous ping is closed. */
  heartbeatMs: number
  /** What may wait unsent for a slow reader before its connection is closed (1013: come back, fetch again). */
  maxBufferedBytes: number
}

export const REALTIME_LIMITS: RealtimeLimits = {
  perMember: 10,
  perAddress: 50,
  maxMessageBytes: 16 * 1024,
  maxChannels: 100,
  messagesPerWindow: 30,
  windowMs: 10_000,
  heartbeatMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
}

/** What the connection needs of a WebSocket (`ws`'s, or a test's). */
export interface RealtimeSocket {
  readonly bufferedAmount: number
  send: (data: string) => void
  close: (code: number, reason: string) => void
}

/** Close codes: Appwrite's policy violation (the SDK does not reconnect), and "try again later". */
export const POLICY_VIOLATION = 1008
export const TRY_AGAIN_LATER = 1013

const CHANNEL = /^[a-zA-Z0-9._*-]{1,128}$/
const SUBSCRIPTION_ID = /^[a-zA-Z0-9._-]{1,64}$/
const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('authentication'), data: z.object({ session: z.string().max(1024) }) }),
  z.object({
    type: z.literal('subscribe'),
    data: z
      .array(
        z.object({
          subscriptionId: z.string().regex(SUBSCRIPTION_ID),
          channels: z.array(z.string().regex(CHANNEL)).min(1).max(100),
          // Appwrite's filters on events are not implemented: a subscription with queries is refused.
          queries: z.array(z.string()).max(0).optional(),
        }),
      )
      .min(1)
      .max(20),
  }),
  z.object({
    type: z.literal('unsubscribe'),
    data: z.array(z.object({ subscriptionId: z.string().regex(SUBSCRIPTION_ID) })).max(20),
  }),
])

/** Whether a member may hear the console: the REST console's own rule (`isConsoleAdmin`). */
export type ConsoleAdminRule = (member: SignedIn) => boolean

/** Which channels a member may ask for: the console's need the console's admin; all others, anyone. */
export const mayAsk = (member: SignedIn | null, channel: string, consoleAdmin: ConsoleAdminRule) =>
  !ADMIN_CHANNELS.some((admin) => channel === admin || channel.startsWith(`${admin}.`)) ||
  (member !== null && consoleAdmin(member))

/** Whether a delivery's audience includes the connection's member, as they are now. */
function hears(member: SignedIn | null, delivery: Delivery, consoleAdmin: ConsoleAdminRule) {
  if (!member) return false
  const { audience } = delivery
  if (audience.kind === 'members') return true
  if (audience.kind === 'admins') return consoleAdmin(member)
  return member.user.id === audience.userId
}

/**
 * A delivery's `{events, channels, timestamp, payload}` as JSON, made once for all the connections it
 * goes to (2,000 of them: bench:realtime); each adds only its own subscription ids.
 */
const encoded = new WeakMap<Delivery, string>()
function encodedEvent(delivery: Delivery): string {
  const known = encoded.get(delivery)
  if (known !== undefined) return known
  const { events, channels, timestamp, payload } = delivery
  const text = JSON.stringify({ events, channels, timestamp, payload })
  encoded.set(delivery, text)
  return text
}

export interface ConnectionOptions {
  socket: RealtimeSocket
  address: string
  credentials: SessionValue | null
  member: SignedIn | null
  /** The channels of the URL (`channels[]`), Appwrite's older way: a subscription without an id. */
  channels: string[]
  limits: RealtimeLimits
  /** Who hears the console's channels: the admin label, and a second factor when the store requires one. */
  consoleAdmin: ConsoleAdminRule
  /** A session given in an `authentication` message; null when it is no live, complete session. */
  authenticate: (credentials: SessionValue) => Promise<SignedIn | null>
  /** Whether the member may hold one more connection (the hub counts); called when one signs in. */
  admitMember: (connection: RealtimeConnection, member: SignedIn) => boolean
  model: (member: SignedIn) => Record<string, unknown>
}

export type RealtimeConnection = ReturnType<typeof createConnection>

/**
 * One client's connection, in Appwrite's protocol: `connected` first, then `ping`/`pong`, `authentication`,
 * `subscribe`/`unsubscribe` with their `response`, `event`s and `error`s. Messages are handled one after
 * another, so a `subscribe` sent after an `authentication` is decided as the member it signed in.
 */
export function createConnection(options: ConnectionOptions) {
  const { socket, limits } = options
  const subscriptions = new Map<string, Set<string>>()
  let credentials = options.credentials
  let member = options.member
  let closed = false
  let windowStart = Date.now()
  let received = 0
  let queue = Promise.resolve()

  const sendText = (text: string) => {
    if (closed) return
    if (socket.bufferedAmount > limits.maxBufferedBytes) {
      close(TRY_AGAIN_LATER, 'Too much unread: reconnect and fetch what changed')
      return
    }
    socket.send(text)
  }
  const send = (message: unknown) => sendText(JSON.stringify(message))
  const error = (code: number, message: string) => send({ type: 'error', data: { code, message } })
  function close(code: number, reason: string) {
    if (closed) return
    closed = true
    socket.close(code, reason)
  }
  const channelCount = () => [...subscriptions.values()].reduce((sum, set) => sum + set.size, 0)
  const allChannels = () => [...new Set([...subscriptions.values()].flatMap((set) => [...set]))]

  function subscribe(id: string, channels: string[]): boolean {
    if (channels.some((channel) => !mayAsk(member, channel, options.consoleAdmin))) {
      error(403, 'The console’s channels are for the store’s admins.')
      return false
    }
    const before = subscriptions.get(id)?.size ?? 0
    if (channelCount() - before + channels.length > limits.maxChannels) {
      error(400, `A connection holds at most ${limits.maxChannels} channels.`)
      return false
    }
    subscriptions.set(id, new Set(channels))
    return true
  }

  async function handle(text: string) {
    let parsed: z.infer<typeof messageSchema>
    try {
      const result = messageSchema.safeParse(JSON.parse(text))
      if (!result.success) return error(400, 'Message format is not valid.')
      parsed = result.data
    } catch {
      return error(400, 'Message format is not valid.')
    }
    switch (parsed.type) {
      case 'ping':
        return send({ type: 'pong' })
      case 'authentication': {
        const asked = decodeSessionValue(parsed.data.session)
        const found = asked ? await options.authenticate(asked) : null
        if (!found || !asked) return error(1003, 'Session is not valid.')
        if (member?.user.id !== found.user.id && !options.admitMember(connection, found))
          return close(POLICY_VIOLATION, 'Too many connections for this member')
        credentials = asked
        member = found
        return send({
          type: 'response',
          data: { to: 'authentication', success: true, user: options.model(found) },
        })
      }
      case 'subscribe': {
        const done = parsed.data.filter((row) => subscribe(row.subscriptionId, row.channels))
        if (done.length === 0) return
        const rows = done.map(({ subscriptionId, channels }) => ({ subscriptionId, channels, queries: [] }))
        return send({ type: 'response', data: { to: 'subscribe', success: true, subscriptions: rows } })
      }
      case 'unsubscribe': {
        for (const { subscriptionId } of parsed.data) subscriptions.delete(subscriptionId)
        return send({ type: 'response', data: { to: 'unsubscribe', success: true } })
      }
    }
  }

  const connection = {
    address: options.address,
    member: () => member,
    credentials: () => credentials,
    isClosed: () => closed,
    channels: allChannels,
    /** Sends `connected` with the URL's channels the member may hear (a guest's are kept for later). */
    open() {
      const asked = options.channels
        .filter((channel) => mayAsk(member, channel, options.consoleAdmin))
        .slice(0, limits.maxChannels)
      if (asked.length > 0) subscriptions.set('', new Set(asked))
      send({ type: 'connected', data: { channels: asked, user: member ? options.model(member) : null } })
    },
    /** A message from the client: counted, then handled after the ones before it. */
    receive(text: string) {
      const now = Date.now()
      if (now - windowStart >= limits.windowMs) {
        windowStart = now
        received = 0
      }
      received += 1
      if (received > 2 * limits.messagesPerWindow) return close(POLICY_VIOLATION, 'Too many messages')
      if (received > limits.messagesPerWindow) return error(429, 'Too many messages: wait a moment.')
      queue = queue.then(() => handle(text)).catch(() => error(500, 'The message could not be handled.'))
    },
    /** Sends a change if its audience includes this member and one of its channels was subscribed. */
    deliver(delivery: Delivery) {
      if (closed || !hears(member, delivery, options.consoleAdmin)) return
      const ids = [...subscriptions]
        .filter(([, channels]) => delivery.channels.some((channel) => channels.has(channel)))
        .map(([id]) => id)
      if (ids.length === 0) return
      const named = ids.filter((id) => id !== '')
      const heardBy = named.length > 0 ? `,"subscriptions":${JSON.stringify(named)}` : ''
      sendText(`{"type":"event","data":${encodedEvent(delivery).slice(0, -1)}${heardBy}}}`)
    },
    /** The member as they are now (labels, second factor), read again after their row changed. */
    refresh(now: SignedIn) {
      if (member?.user.id === now.user.id) member = now
    },
    /** The member's session ended (signed out, refunded, disabled): told, then closed without a reconnect. */
    end(message: string) {
      error(POLICY_VIOLATION, message)
      close(POLICY_VIOLATION, message)
    },
    close,
  }
  return connection
}
