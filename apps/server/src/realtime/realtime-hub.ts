import type { SessionValue } from '../platform/appwrite/session-cookie'
import type { SignedIn } from '../platform/http/signed-in'
import type { RealtimeAnnouncement } from '../platform/realtime/realtime-announcements'
import { clientAddressKey } from '../platform/security/client-address'
import { type RealtimeConnection, type RealtimeLimits } from './realtime-connection'
import { deliveriesOf } from './realtime-events'

/** How many announcement ids are remembered to hear each once: far more than arrive in a second. */
const HEARD_KEPT = 10_000

export interface HubOptions {
  limits: RealtimeLimits
  databaseId: string
  /** The member's live, complete session now, or null (ended, disabled, refunded, a second factor owed). */
  authenticate: (credentials: SessionValue) => Promise<SignedIn | null>
  /** A member's row as `account` events carry it (Appwrite's User), read when one of theirs listens here. */
  loadAccount: (userId: string) => Promise<Record<string, unknown> | null>
  onError: (error: unknown) => void
}

/**
 * The connections of this instance and what they hear (decision 077). Every instance's hub hears every
 * announcement through PostgreSQL and decides per connection, at that moment, whether its member may.
 */
export function createRealtimeHub(options: HubOptions) {
  const { limits } = options
  const connections = new Set<RealtimeConnection>()
  const byMember = new Map<string, Set<RealtimeConnection>>()
  const byAddress = new Map<string, number>()
  /** The ids of the announcements heard lately, oldest first. */
  const heard = new Set<string>()

  /** Whose each connection is counted as, so that forgetting one touches only its member's set. */
  const countedAs = new Map<RealtimeConnection, string>()

  function countMember(connection: RealtimeConnection, userId: string) {
    const held = byMember.get(userId) ?? new Set()
    byMember.set(userId, held.add(connection))
    countedAs.set(connection, userId)
  }
  function uncountMember(connection: RealtimeConnection) {
    const userId = countedAs.get(connection)
    if (userId === undefined) return
    countedAs.delete(connection)
    const held = byMember.get(userId)
    held?.delete(connection)
    if (held?.size === 0) byMember.delete(userId)
  }

  /** Checks a member's live connections again: one whose session no longer stands is ended. */
  async function recheck(list: readonly RealtimeConnection[]) {
    for (const connection of list) {
      const credentials = connection.credentials()
      if (!credentials || connection.isClosed()) continue
      const found = await options.authenticate(credentials)
      // Still signed in: heard as they are now (an admin label or a second factor gone stops the console's).
      if (found) connection.refresh(found)
      else connection.end('The session ended: sign in again.')
    }
  }

  return {
    /** Whether a new connection from this address, for this member, is within the limits. */
    admits(address: string, member: SignedIn | null): boolean {
      if ((byAddress.get(clientAddressKey(address)) ?? 0) >= limits.perAddress) return false
      return !member || (byMember.get(member.user.id)?.size ?? 0) < limits.perMember
    },
    /** One more member on a connection (an `authentication` message): within the member's limit? */
    admitMember(connection: RealtimeConnection, member: SignedIn): boolean {
      if ((byMember.get(member.user.id)?.size ?? 0) >= limits.perMember) return false
      uncountMember(connection)
      countMember(connection, member.user.id)
      return true
    },
    add(connection: RealtimeConnection) {
      connections.add(connection)
      const key = clientAddressKey(connection.address)
      byAddress.set(key, (byAddress.get(key) ?? 0) + 1)
      const member = connection.member()
      if (member) countMember(connection, member.user.id)
    },
    remove(connection: RealtimeConnection) {
      if (!connections.delete(connection)) return
      const key = clientAddressKey(connection.address)
      const left = (byAddress.get(key) ?? 1) - 1
      if (left > 0) byAddress.set(key, left)
      else byAddress.delete(key)
      uncountMember(connection)
    },

    /** An announcement heard from the database: each delivery to each connection that may hear it. */
    async announce(text: string) {
      if (connections.size === 0) return
      let announcement: RealtimeAnnouncement & { announcementId?: string }
      try {
        announcement = JSON.parse(text) as RealtimeAnnouncement & { announcementId?: string }
      } catch (error) {
        options.onError(error)
        return
      }
      // Heard once per connection that listens (on PostgreSQL, the pool's and the dedicated one's).
      const { announcementId } = announcement
      if (announcementId !== undefined) {
        if (heard.has(announcementId)) return
        heard.add(announcementId)
        for (const oldest of heard) {
          if (heard.size <= HEARD_KEPT) break
          heard.delete(oldest)
        }
      }
      let account: Record<string, unknown> | null = null
      if (announcement.kind === 'account') {
        if (!byMember.has(announcement.userId)) return
        account = await options.loadAccount(announcement.userId)
      }
      for (const delivery of deliveriesOf(announcement, options.databaseId, () => account))
        for (const connection of connections) connection.deliver(delivery)
    },

    /** `member_sessions` heard: a member's sessions or row changed ('*': anyone's). */
    sessionsChanged(payload: string) {
      const list = payload === '*' ? [...connections] : [...(byMember.get(payload) ?? [])]
      if (list.length > 0) void recheck(list).catch(options.onError)
    },

    /** The connections this instance holds, and the channels they listen to (tests wait on these). */
    stats: () => ({
      connections: connections.size,
      channels: [...connections].reduce((sum, connection) => sum + connection.channels().length, 0),
    }),

    /** Whether one of a member's connections listens to every one of `channels` (tests wait on it). */
    listensTo: (userId: string, channels: readonly string[]) =>
      [...(byMember.get(userId) ?? [])].some((connection) => {
        const held = connection.channels()
        return channels.every((channel) => held.includes(channel))
      }),

    /** Every connection closed, as the server stops: the clients come back to another instance. */
    closeAll(code: number, reason: string) {
      for (const connection of connections) connection.close(code, reason)
    },
  }
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>
