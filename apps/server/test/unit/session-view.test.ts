import { describe, expect, it } from 'vitest'
import type { SessionRow } from '../../src/members/account/session-repository'
import { createSessionView, type LiveSession } from '../../src/members/account/session-view'
import type { UserRow } from '../../src/members/account/user-repository'

/**
 * Decision 028: the bounds of the in-memory view of sessions and what it keeps. The rows come from a
 * table in memory standing in for the database's `findActive`; the integration tests (api/session-view*)
 * run the real thing on both databases.
 */
const now = new Date('2030-01-01T00:00:00Z')
const later = (ms: number) => new Date(now.getTime() + ms)

function row(userId: string, secretHash: string, prefs: Record<string, unknown> = {}): LiveSession {
  const user: UserRow = {
    id: userId,
    sequence: 1,
    createdAt: now,
    updatedAt: now,
    email: `${userId}@example.com`,
    name: userId,
    passwordHash: 'hash',
    passwordUpdatedAt: now,
    enabled: true,
    labels: [],
    prefs,
    accessedAt: now,
    blockedReason: null,
    inactivityWarnedAt: null,
    grantedByOwner: true,
    previousVisitAt: null,
    firstSignedInAt: null,
    mfa: false,
    totpSecret: null,
    totpVerifiedAt: null,
    totpLastStep: null,
    recoveryCodes: [],
  }
  const session: SessionRow = {
    id: `s-${secretHash}`,
    sequence: 1,
    createdAt: now,
    updatedAt: now,
    userId,
    secretHash,
    expiresAt: later(60_000),
    ip: '',
    userAgent: '',
    factors: [],
    mfaUpdatedAt: null,
  }
  return { user, session }
}

/** A stand-in for the database: the rows it holds, and how many times it was asked. */
function database(rows: LiveSession[]) {
  const table = new Map(rows.map((each) => [each.session.secretHash, each]))
  let reads = 0
  return {
    table,
    reads: () => reads,
    findActive: async (userId: string, secretHash: string, at: Date) => {
      reads += 1
      const found = table.get(secretHash)
      return found && found.user.id === userId && found.session.expiresAt > at ? found : undefined
    },
  }
}

describe('the session view', () => {
  it('reads a session once, then answers from memory', async () => {
    const db = database([row('u1', 'h1')])
    const view = createSessionView(db.findActive)
    view.setListening(true)
    expect(await view.findActive('u1', 'h1', now)).toBeDefined()
    expect(await view.findActive('u1', 'h1', now)).toBeDefined()
    expect(db.reads()).toBe(1)
    // The secret hash of another member's session is no session of this one.
    expect(await view.findActive('u2', 'h1', now)).toBeUndefined()
  })

  it('keeps nothing while changes are not heard', async () => {
    const db = database([row('u1', 'h1')])
    const view = createSessionView(db.findActive)
    await view.findActive('u1', 'h1', now)
    await view.findActive('u1', 'h1', now)
    expect(db.reads()).toBe(2)
    expect(view.size().sessions).toBe(0)
  })

  it('forgets a member’s sessions on their notification, and everything on * or a lost connection', async () => {
    const db = database([row('u1', 'h1'), row('u1', 'h2'), row('u2', 'h3')])
    const view = createSessionView(db.findActive)
    view.setListening(true)
    for (const [user, hash] of [
      ['u1', 'h1'],
      ['u1', 'h2'],
      ['u2', 'h3'],
    ] as const)
      await view.findActive(user, hash, now)
    view.changed('u1')
    expect(view.size().sessions).toBe(1)
    view.changed('*')
    expect(view.size()).toEqual({ sessions: 0, bytes: 0 })
    await view.findActive('u2', 'h3', now)
    view.setListening(false)
    expect(view.size().sessions).toBe(0)
  })

  it('refuses an expired session without asking the database', async () => {
    const db = database([row('u1', 'h1')])
    const view = createSessionView(db.findActive)
    view.setListening(true)
    await view.findActive('u1', 'h1', now)
    expect(await view.findActive('u1', 'h1', later(60_000))).toBeUndefined()
    expect(db.reads()).toBe(1)
  })

  it('does not keep a read that a change overtook', async () => {
    const db = database([row('u1', 'h1')])
    const answered = Promise.withResolvers<undefined>()
    const slow = async (userId: string, secretHash: string, at: Date) => {
      const found = await db.findActive(userId, secretHash, at)
      await answered.promise
      return found
    }
    const view = createSessionView(slow)
    view.setListening(true)
    const reading = view.findActive('u1', 'h1', now)
    // The read saw the session; the member was disabled before it came back.
    await Promise.resolve()
    view.changed('u1')
    answered.resolve(undefined)
    expect(await reading).toBeDefined()
    expect(view.size().sessions).toBe(0)
  })

  it('holds at most its number of sessions, the least recently used leaving first', async () => {
    const rows = Array.from({ length: 10 }, (_, index) => row(`u${index}`, `h${index}`))
    const db = database(rows)
    const view = createSessionView(db.findActive, { sessions: 3, bytes: 1_000_000 })
    view.setListening(true)
    for (const each of rows) {
      await view.findActive(each.user.id, each.session.secretHash, now)
      // The first one stays in use, so it is never the least recently used.
      await view.findActive('u0', 'h0', now)
    }
    expect(view.size().sessions).toBe(3)
    const reads = db.reads()
    await view.findActive('u0', 'h0', now)
    await view.findActive('u9', 'h9', now)
    expect(db.reads()).toBe(reads)
    await view.findActive('u1', 'h1', now)
    expect(db.reads()).toBe(reads + 1)
  })

  it('counts the members’ prefs against its bytes', async () => {
    const big = { notes: 'x'.repeat(60_000) }
    const rows = Array.from({ length: 10 }, (_, index) => row(`u${index}`, `h${index}`, big))
    const db = database(rows)
    const view = createSessionView(db.findActive, { sessions: 1_000, bytes: 200_000 })
    view.setListening(true)
    for (const each of rows) await view.findActive(each.user.id, each.session.secretHash, now)
    expect(view.size().bytes).toBeLessThanOrEqual(200_000)
    expect(view.size().sessions).toBe(3)
  })

  it('counts a session read twice at once only once', async () => {
    const db = database([row('u1', 'h1')])
    const view = createSessionView(db.findActive)
    view.setListening(true)
    await Promise.all([view.findActive('u1', 'h1', now), view.findActive('u1', 'h1', now)])
    expect(view.size().sessions).toBe(1)
    view.changed('u1')
    expect(view.size()).toEqual({ sessions: 0, bytes: 0 })
  })
})
