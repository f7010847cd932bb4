import type { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * A body this small that is still on its way when its request is refused is read and dropped by Node,
 * so the connection stays open for the client's next request; a larger one, or one of unknown length,
 * is never read into the server: the refusal closes the connection (decision 056).
 */
export const DRAINED_BODY_BYTES = 64 * 1024

/** How long what a refused client is still sending is dropped before its connection is cut. */
export const LINGER_MS = 2_000

export function leavesBodyUnread(request: FastifyRequest): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true
  const length = Number(request.headers['content-length'] ?? 0)
  return !(length <= DRAINED_BODY_BYTES)
}

/**
 * The connection ends once the refusal is sent (`Connection: close`), as a lingering close (nginx and
 * Apache close the same way): the answer and the end of the server's side go out at once, and what the
 * client is still sending is dropped unread (neither kept nor parsed) until it stops or for
 * `LINGER_MS`. Closing a socket that has unread data sends a reset, and a client still writing its body
 * could lose the answer before reading it (Node's fetch did, on a busy machine).
 */
export function closeAfterRefusal(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('Connection', 'close')
  const socket = request.raw.socket
  // Node ends the socket of a `Connection: close` answer with destroySoon(): destroyed as soon as the
  // answer is out, unread data or not.
  socket.destroySoon = () => lingeringClose(socket)
}

function lingeringClose(socket: Socket) {
  socket.end()
  const timer = setTimeout(() => socket.destroy(), LINGER_MS)
  socket.once('end', () => socket.destroy())
  socket.once('close', () => clearTimeout(timer))
}
