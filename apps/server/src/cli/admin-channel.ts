import { chmod, mkdir, rm, stat } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { adminResultSchema, refused, type AdminRequest, type AdminResult } from './admin-request'

/**
 * The local admin channel (decision 007): a Unix domain socket in a folder only the store's user may
 * enter, so the admin CLI can reach the server that holds the embedded database. Never a network port.
 */
export const adminSocketPath = (dataDir: string) => path.join(dataDir, 'admin', 'admin.sock')

/** A catalogue file travels inside the request; 256 MB is far above 100,000 projects. */
const MAX_REQUEST_BYTES = 256 * 1024 * 1024
/** Unix socket paths are limited to 107 bytes on Linux. */
const MAX_SOCKET_PATH = 107

function readAll(socket: net.Socket, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        socket.destroy()
        reject(new Error(`more than ${limit} bytes`))
      } else chunks.push(chunk)
    })
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    socket.on('error', reject)
  })
}

/** Serves admin requests one at a time (as the CLI on its own would run them) until closed. */
export async function openAdminChannel(options: {
  dataDir: string
  handle: (input: unknown) => Promise<AdminResult>
  warn: (message: string) => void
}): Promise<{ close: () => Promise<void> } | null> {
  const socketPath = adminSocketPath(options.dataDir)
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    options.warn(
      `DATA_DIR is too long for the admin socket (${socketPath}); stop the server to run admin commands`,
    )
    return null
  }
  const folder = path.dirname(socketPath)
  await mkdir(folder, { recursive: true, mode: 0o700 })
  await chmod(folder, 0o700)
  const owner = (await stat(folder)).uid
  if (process.getuid && owner !== process.getuid()) {
    options.warn(`${folder} belongs to another user; the admin socket is not opened`)
    return null
  }
  // We hold the database lock, so a socket file left here is from a process that died.
  await rm(socketPath, { force: true })
  let queue: Promise<unknown> = Promise.resolve()
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    readAll(socket, MAX_REQUEST_BYTES)
      .then((text) => {
        const run = queue.then(async () => {
          let input: unknown
          try {
            input = JSON.parse(text)
          } catch {
            return refused('The admin request is not valid JSON.\n')
          }
          return options.handle(input)
        })
        queue = run.catch(() => undefined)
        return run
      })
      .then(
        (result) => socket.end(JSON.stringify(result)),
        () => socket.destroy(),
      )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => resolve())
  })
  await chmod(socketPath, 0o600)
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(socketPath, { force: true })
    },
  }
}

export class AdminChannelUnavailable extends Error {}

/** Sends one request to the running server and waits for its answer. */
export function sendToAdminChannel(dataDir: string, request: AdminRequest): Promise<AdminResult> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(adminSocketPath(dataDir))
    socket.once('connect', () => socket.end(JSON.stringify(request)))
    socket.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
          ? new AdminChannelUnavailable(error.message)
          : error,
      )
    })
    readAll(socket, Number.MAX_SAFE_INTEGER).then((text) => {
      let answer: unknown = null
      try {
        answer = JSON.parse(text)
      } catch {
        // An empty or cut answer: the server refused the request (too large) or stopped meanwhile.
      }
      const parsed = adminResultSchema.safeParse(answer)
      if (parsed.success) resolve(parsed.data)
      else reject(new Error('The server closed the admin connection without an answer'))
    }, reject)
  })
}
