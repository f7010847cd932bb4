import WebSocket from 'ws'

/**
 * Raw `ws` clients of `GET /v1/realtime` (Node's `ws` can send the session cookie, as a browser does, and
 * open its connection from a chosen loopback address: 127.0.0.0/8 all routes to `lo` on Linux).
 */
const OPEN_TIMEOUT_MS = 30_000

export interface RealtimeClient {
  socket: WebSocket
  /** Every text message as it came, to the listener the bench sets (events are matched as text). */
  onText: (listener: (text: string, at: number) => void) => void
  /** Close codes seen after the subscription was answered (a socket the server ended). */
  closed: Promise<number>
}

/** Why a connection could not be opened: the upgrade's HTTP status (429: a limit), or the error. */
export class RefusedConnection extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message)
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function typeOf(text: string): string | undefined {
  try {
    const message: unknown = JSON.parse(text)
    return isRecord(message) && typeof message.type === 'string' ? message.type : undefined
  } catch {
    return undefined
  }
}

/**
 * Opens one connection as the SDK does (`connected` first), subscribes with `subscriptionId` "s1" to
 * `channels` and resolves once the server answered the subscription (`response`).
 */
export function openSubscribed(options: {
  url: string
  cookie: string
  localAddress: string
  channels: string[]
}): Promise<RealtimeClient> {
  const socket = new WebSocket(options.url, {
    headers: { cookie: options.cookie },
    localAddress: options.localAddress,
    perMessageDeflate: false,
  })
  let listener: (text: string, at: number) => void = () => undefined
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
  return new Promise<RealtimeClient>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate()
      reject(new RefusedConnection(`no subscription answer within ${OPEN_TIMEOUT_MS / 1000} s`, null))
    }, OPEN_TIMEOUT_MS)
    const fail = (error: RefusedConnection) => {
      clearTimeout(timer)
      reject(error)
    }
    let subscribed = false
    socket.on('message', (data, isBinary) => {
      const at = performance.now()
      const text = isBinary ? '' : String(data)
      if (subscribed) return listener(text, at)
      const type = typeOf(text)
      if (type === 'connected') {
        socket.send(
          JSON.stringify({ type: 'subscribe', data: [{ subscriptionId: 's1', channels: options.channels }] }),
        )
      } else if (type === 'response') {
        subscribed = true
        clearTimeout(timer)
        resolve({ socket, onText: (next) => (listener = next), closed })
      } else {
        socket.terminate()
        fail(new RefusedConnection(`unexpected message before the subscription: ${text.slice(0, 200)}`, null))
      }
    })
    socket.on('unexpected-response', (request, response) => {
      // A refused upgrade's socket is the client's to end (`ws` leaves it open when this is listened to).
      request.destroy()
      fail(new RefusedConnection(`upgrade refused: HTTP ${response.statusCode}`, response.statusCode ?? null))
    })
    socket.on('error', (error) => fail(new RefusedConnection(error.message, null)))
  })
}

/** Closes the clients and resolves when every socket has closed (or after `timeoutMs`). */
export async function closeAll(clients: readonly RealtimeClient[], timeoutMs = 30_000): Promise<void> {
  for (const client of clients) client.socket.close(1000, 'bench done')
  const bounded = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref())
  await Promise.race([Promise.all(clients.map((client) => client.closed)), bounded])
  for (const client of clients) if (client.socket.readyState !== WebSocket.CLOSED) client.socket.terminate()
}

/** The `n`-th loopback address after 127.0.0.1 (127.0.0.2, …, 127.0.0.255, 127.0.1.0, …). */
export function loopbackAddress(n: number): string {
  const value = 2 + n
  return `127.${Math.floor(value / 65_536) % 256}.${Math.floor(value / 256) % 256}.${value % 256}`
}
