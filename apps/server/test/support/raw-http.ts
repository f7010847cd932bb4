import net from 'node:net'

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Opens a TCP connection to a listening test server (`http://127.0.0.1:<port>`). */
export function connect(url: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Everything the server sent until it closed the connection. */
export function readUntilClosed(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let data = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (data += chunk))
    socket.on('error', () => undefined)
    socket.once('close', () => resolve(data))
  })
}

export function parseResponse(text: string): RawResponse {
  const [head = '', ...rest] = text.split('\r\n\r\n')
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
    }),
  )
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') }
}

/**
 * One request written byte for byte as given, so no client normalises its target
 * (`/%761/account`, `http://host/v1/account`); `Connection: close` is added.
 */
export async function rawRequest(
  url: string,
  requestLine: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const socket = await connect(url)
  const closed = readUntilClosed(socket)
  const fields = Object.entries({ host: new URL(url).host, ...headers, connection: 'close' })
  socket.write(`${requestLine}\r\n${fields.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`)
  return parseResponse(await closed)
}
