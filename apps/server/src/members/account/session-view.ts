import type { DatabaseHandle } from '../../platform/db/client'
import { listenToChannel, type ChannelListener } from '../../platform/db/notifications'
import type { SessionRepository, SessionRow } from './session-repository'
import type { UserRow } from './user-repository'

/** A live session and its member, as `SessionRepository.findActive` reads them. */
export interface LiveSession {
  session: SessionRow
  user: UserRow
}

export interface SessionViewLimits {
  sessions: number
  /** An estimate: a fixed cost per session plus the size of its member's prefs (up to 64 KB each). */
  bytes: number
}

export const SESSION_VIEW_LIMITS: SessionViewLimits = { sessions: 100_000, bytes: 64 * 1024 * 1024 }

/** What one session's two rows, their Map entries and their strings take, roughly, besides the prefs. */
const ENTRY_BYTES = 2_048

/** The channel the triggers of migration 0006 notify: a member's id, or '*' for every member. */
const CHANNEL = 'member_sessions'

interface Entry extends LiveSession {
  bytes: number
}

/**
 * Live sessions held in memory (decision 028), so that a signed-in request costs no database round trip.
 * The database says what changed: triggers on `sessions` and `users` notify the member's id on every
 * write from any process, and the view forgets that member's sessions. Only what was read while
 * listening is kept; a lost listening connection empties the view, and until it listens again every
 * lookup reads the database.
 */
export function createSessionView(
  findActive: SessionRepository['findActive'],
  limits: SessionViewLimits = SESSION_VIEW_LIMITS,
) {
  /** By secret hash (unique), least recently used first. */
  const entries = new Map<string, Entry>()
  const hashesByMember = new Map<string, Set<string>>()
  let bytes = 0
  let listening = false
  /**
   * Bumped by every change heard: a database read that started before a change may have seen the old
   * rows, so it answers its own request but is not kept.
   */
  let generation = 0

  function remove(secretHash: string, entry: Entry) {
    entries.delete(secretHash)
    bytes -= entry.bytes
    const hashes = hashesByMember.get(entry.user.id)
    hashes?.delete(secretHash)
    if (hashes?.size === 0) hashesByMember.delete(entry.user.id)
  }

  function keep(found: LiveSession) {
    // Two requests with the same cookie may both have read it.
    const held = entries.get(found.session.secretHash)
    if (held) remove(found.session.secretHash, held)
    const entry = { ...found, bytes: ENTRY_BYTES + JSON.stringify(found.user.prefs).length }
    entries.set(found.session.secretHash, entry)
    bytes += entry.bytes
    const hashes = hashesByMember.get(found.user.id) ?? new Set<string>()
    hashesByMember.set(found.user.id, hashes.add(found.session.secretHash))
    for (const [secretHash, oldest] of entries) {
      if (entries.size <= limits.sessions && bytes <= limits.bytes) break
      remove(secretHash, oldest)
    }
  }

  function forgetMember(userId: string) {
    generation += 1
    for (const secretHash of hashesByMember.get(userId) ?? []) {
      const entry = entries.get(secretHash)
      if (entry) remove(secretHash, entry)
    }
  }

  function forgetAll() {
    generation += 1
    entries.clear()
    hashesByMember.clear()
    bytes = 0
  }

  return {
    /** The live session with this secret hash and its member, if both are still valid at `now`. */
    async findActive(userId: string, secretHash: string, now: Date): Promise<LiveSession | undefined> {
      const entry = entries.get(secretHash)
      if (entry) {
        // The secret hash is unique: held by another member, it is no session of this one.
        if (entry.user.id !== userId) return undefined
        if (entry.session.expiresAt.getTime() <= now.getTime()) {
          remove(secretHash, entry)
          return undefined
        }
        entries.delete(secretHash)
        entries.set(secretHash, entry)
        return { session: entry.session, user: entry.user }
      }
      const readAt = generation
      const found = await findActive(userId, secretHash, now)
      if (found && listening && readAt === generation) keep(found)
      return found
    },

    /** A notification on the channel: a member's id, or '*'. */
    changed(payload: string) {
      if (payload === '*') forgetAll()
      else forgetMember(payload)
    },

    /** Whether changes are heard; what was kept before a loss may be stale, so it goes either way. */
    setListening(value: boolean) {
      listening = value
      forgetAll()
    },

    /** Whether changes are heard, and so whether sessions are kept at all. */
    listening: () => listening,

    /** How many sessions are held and how many bytes they are estimated at. */
    size: () => ({ sessions: entries.size, bytes }),
  }
}

export type SessionView = ReturnType<typeof createSessionView>

/**
 * The view of this process, listening on the database. Without a way to listen (a database handle whose
 * driver is unknown) the view keeps nothing and every lookup reads the database, as before.
 */
export async function openSessionView(options: {
  database: DatabaseHandle
  sessions: SessionRepository
  limits?: SessionViewLimits
  /** The listening connection was lost (lookups read the database) or is back. */
  onListeningChange?: (listening: boolean) => void
}): Promise<SessionView & { close: () => Promise<void> }> {
  const view = createSessionView(options.sessions.findActive, options.limits)
  /** Reported on changes only: a connection that keeps failing to open is reported once. */
  let state: 'starting' | 'listening' | 'lost' = 'starting'
  const listener: ChannelListener | null = await listenToChannel(options.database, CHANNEL, {
    onNotification: (payload) => view.changed(payload),
    onListening: () => {
      view.setListening(true)
      if (state === 'lost') options.onListeningChange?.(true)
      state = 'listening'
    },
    onLost: () => {
      view.setListening(false)
      if (state !== 'lost') options.onListeningChange?.(false)
      state = 'lost'
    },
  })
  return { ...view, close: async () => listener?.close() }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory view of live sessions (`buildApp` decorates the app with it; tests read it). */
    sessionView: Pick<SessionView, 'listening' | 'size'>
  }
}
