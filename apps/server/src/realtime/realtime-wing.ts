import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { WebSocket } from 'ws'
import type { Config } from '../platform/config'
import type { DatabaseHandle } from '../platform/db/client'
import { listenToChannel, type ChannelListener } from '../platform/db/notifications'
import { AppwriteError } from '../platform/appwrite/errors'
import { isConsoleAdmin } from '../platform/http/admin-routes'
import type { SignedIn } from '../platform/http/signed-in'
import { REALTIME_CHANNEL } from '../platform/realtime/realtime-announcements'
import { userModel } from '../members/account/models'
import { readSessionCredentials } from '../members/account/session-transport'
import { createUserRepository } from '../members/account/user-repository'
import {
  createConnection,
  REALTIME_LIMITS,
  TRY_AGAIN_LATER,
  type RealtimeLimits,
} from './realtime-connection'
import { createRealtimeHub, type RealtimeHub } from './realtime-hub'

export interface RealtimeWingOptions {
  config: Pick<Config, 'projectId' | 'databaseId' | 'adminMfa'>
  database: DatabaseHandle
  limits?: Partial<RealtimeLimits>
}

/** The channel the session view hears (migration 0006): a member's id whose sessions or row changed. */
const SESSIONS_CHANNEL = 'member_sessions'

/**
 * `@fastify/websocket` is registered by `buildApp` before every wing, with `maxMessageBytes` as its
 * `maxPayload`.
 *
 * Route (Appwrite's Realtime service, issue 45):
 *   GET /v1/realtime?project=…&channels[]=…  public (upgraded to a WebSocket; a guest hears nothing)
 *
 * Signed in by the session cookie as REST is (or by the SDK's `authentication` message); the Origin is
 * checked before the upgrade by the API's own hook, and an opaque one with cookies is refused here.
 */
export const realtimeWing = fp<RealtimeWingOptions>(
  async (app, { config, database, limits: given }) => {
    const limits = { ...REALTIME_LIMITS, ...given }
    const users = createUserRepository(database.db)
    const hub = createRealtimeHub({
      limits,
      databaseId: config.databaseId,
      authenticate: (credentials) => app.members.authenticateSession(credentials),
      loadAccount: async (userId) => {
        const user = await users.findById(userId)
        return user ? userModel(user) : null
      },
      onError: (error) => app.log.error({ err: error }, 'a realtime announcement failed'),
    })
    app.decorate('realtime', hub)
    const listeners: (ChannelListener | null)[] = []
    // Notifications missed while the listening connection was away are lost: the clients reconnect and
    // fetch again rather than show what may be stale.
    const lost = () => hub.closeAll(TRY_AGAIN_LATER, 'Changes may have been missed: fetch again')
    const listen = (channel: string, onNotification: (payload: string) => void) =>
      listenToChannel(database, channel, { onNotification, onListening: () => undefined, onLost: lost })
    listeners.push(
      await listen(
        REALTIME_CHANNEL,
        (payload) =>
          void hub
            .announce(payload)
            .catch((error: unknown) => app.log.error({ err: error }, 'a realtime announcement failed')),
      ),
      await listen(SESSIONS_CHANNEL, (payload) => hub.sessionsChanged(payload)),
    )
    app.addHook('onClose', async () => {
      await Promise.all(listeners.map((listener) => listener?.close()))
    })

    const admitted = new WeakMap<FastifyRequest, SignedIn | null>()
    app.get(
      '/v1/realtime',
      {
        websocket: true,
        preValidation: async (request) => {
          const query = request.query as Record<string, unknown>
          if (query.project !== config.projectId) throw new AppwriteError('project_not_found')
          // WebSockets know no CORS: a page anyone made (`Origin: null`) is never signed in as the member.
          if (request.headers.origin === 'null' && (request.headers.cookie ?? '') !== '')
            throw new AppwriteError('general_unknown_origin')
          const member = await app.members.authenticate(request)
          if (!hub.admits(request.ip, member)) throw new AppwriteError('general_rate_limit_exceeded')
          admitted.set(request, member)
        },
      },
      (socket: WebSocket, request) => {
        const query = request.query as Record<string, unknown>
        const asked = Array.isArray(query.channels) ? query.channels : [query.channels]
        const connection = createConnection({
          socket,
          address: request.ip,
          credentials: readSessionCredentials(request, config.projectId),
          member: admitted.get(request) ?? null,
          channels: asked.filter((channel) => typeof channel === 'string'),
          limits,
          consoleAdmin: (member) => isConsoleAdmin(member, config.adminMfa === 'required'),
          authenticate: (credentials) => app.members.authenticateSession(credentials),
          admitMember: (one, member) => hub.admitMember(one, member),
          model: (member) => userModel(member.user),
        })
        hub.add(connection)
        keepAlive(socket, limits.heartbeatMs)
        socket.on('message', (data, isBinary) => {
          if (isBinary) return connection.close(1003, 'Text messages only')
          connection.receive(Buffer.isBuffer(data) ? data.toString('utf8') : String(data))
        })
        socket.on('close', () => hub.remove(connection))
        connection.open()
      },
    )
  },
  { name: 'realtime' },
)

/** Pings every `heartbeatMs`; a connection that did not answer the last ping is dropped. */
function keepAlive(socket: WebSocket, heartbeatMs: number) {
  let answered = true
  socket.on('pong', () => {
    answered = true
  })
  const timer = setInterval(() => {
    if (!answered) {
      socket.terminate()
      return
    }
    answered = false
    socket.ping()
  }, heartbeatMs)
  timer.unref()
  socket.on('close', () => clearInterval(timer))
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's realtime connections (issue 45). */
    realtime: RealtimeHub
  }
}
