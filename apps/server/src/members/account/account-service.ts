import { AppwriteError } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import { blockedError } from './blocked-error'
import { isUniqueViolation } from '../../platform/db/errors'
import type { SessionValue } from '../../platform/appwrite/session-cookie'
import {
  hashPassword,
  needsRehash,
  prepareDecoy,
  verifyDecoy,
  verifyPassword,
} from '../../platform/security/password'
import type { RateLimiter, RateLimitRule } from '../../platform/security/rate-limits'
import { clientAddressKey } from '../../platform/security/client-address'
import { hashSecret, newSecret } from '../../platform/security/secrets'
import type { SessionRepository, SessionRow } from './session-repository'
import type { SessionView } from './session-view'
import type { TokenRepository } from './token-repository'
import type { UserRepository, UserRow } from './user-repository'
import { needsSecondFactor, type SignedIn } from '../../platform/http/signed-in'
import { remembered } from '../../platform/lib/remembered'
import { recordAuditEvent, type AuditEvent } from '../../platform/audit/audit-log'
import type { Database } from '../../platform/db/client'
import { createUserRepository } from './user-repository'
import { announceRealtime, announcedAt } from '../../platform/realtime/realtime-announcements'

/**
 * Sign-in limits (decision 012), each client address counted by `clientAddressKey` (an IPv6 address by
 * its /64, issue 40). Every attempt is counted before the password is checked, so parallel
 * attempts cannot slip past a limit; a success takes its own count back. Tight for one email from one
 * address (cleared by a success there), loose for one email from anywhere, so failures from elsewhere
 * do not lock the member out of an address that has not failed.
 */
export const EMAIL_ADDRESS_RULE: RateLimitRule = {
  name: 'email-session:email-ip',
  limit: 10,
  windowSeconds: 900,
}
/** One email from every address together: high enough that only a real attack reaches it. */
export const EMAIL_RULE: RateLimitRule = {
  name: 'email-session:email',
  limit: 100,
  windowSeconds: 3600,
}
/** Appwrite's limit for PATCH /account/password: 10 an hour per member (it checks the old password). */
export const PASSWORD_UPDATE_RULE: RateLimitRule = {
  name: 'password-update:user',
  limit: 10,
  windowSeconds: 3600,
}
/** Appwrite's limit for POST /account: 10 an hour per address. */
export const SIGN_UP_RULE: RateLimitRule = { name: 'account-create:ip', limit: 10, windowSeconds: 3600 }
/** Failed sign-ins from one address, across all emails, so one client cannot walk a list of accounts. */
export const IP_FAILURE_RULE: RateLimitRule = {
  name: 'email-session:ip-failures',
  limit: 30,
  windowSeconds: 900,
}

const ACCESS_UPDATE_INTERVAL_MS = 3_600_000

/** An event of a member's own account: they are its actor, their row its subject. */
const auditOwn = (db: Database, member: Member, event: Omit<AuditEvent, 'subject'>) =>
  recordAuditEvent(
    db,
    { source: 'member', id: member.user.id, email: member.user.email },
    { ...event, subject: `users/${member.user.id}` },
  )

/** A signed-in member: the shape the wings below this one know as `SignedIn`. */
export type Member = SignedIn

interface Dependencies {
  /** A member's changes to their own account are audited in the same transaction (issue 31). */
  db: Database
  users: UserRepository
  sessions: SessionRepository
  /** Live sessions held in memory (decision 028); without it every signed-in request reads the database. */
  sessionView?: Pick<SessionView, 'findActive'>
  tokens: TokenRepository
  rateLimiter: RateLimiter
  sessionTtlSeconds: number
  /** Members are created by the store owner; visitors may sign up only when the owner allows it. */
  allowSignUp: boolean
  /** A member's first session ever was made (the funnel's last step, decision 065). */
  firstSignedIn?: (memberId: string) => void
  now?: () => Date
}

export function createAccountService({
  db,
  users,
  sessions,
  sessionView = sessions,
  tokens,
  rateLimiter,
  sessionTtlSeconds,
  allowSignUp,
  firstSignedIn,
  now = () => new Date(),
}: Dependencies) {
  void prepareDecoy()
  // Every signed-in request hashes its session's secret: once per session, not per request.
  const sessionHash = remembered(hashSecret, 10_000)

  async function createSession(user: UserRow, client: { ip: string; userAgent: string }) {
    const secret = newSecret()
    const session = await sessions.create({
      userId: user.id,
      secretHash: hashSecret(secret),
      expiresAt: new Date(now().getTime() + sessionTtlSeconds * 1000),
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 512),
    })
    return { session, secret }
  }

  /**
   * The member's first session: `first_signed_in_at` is set once (of two at once, one sets it), and
   * counted unless the row was in use before the column existed (migration 0015): `accessed_at` moves
   * only when a member signs in or is active, so a row whose `accessed_at` is past its creation by more
   * than a minute (as read before this sign-in moves it) belonged to a member who had signed in already.
   */
  async function markFirstSignIn(user: UserRow) {
    if (user.firstSignedInAt !== null) return
    const signedInBefore = user.accessedAt.getTime() - user.createdAt.getTime() > 60_000
    const marked = await users.markFirstSignIn(user.id, now(), !signedInBefore)
    if (marked && !signedInBefore) firstSignedIn?.(user.id)
  }

  /** A member's change to their own row, with its audit event in the same transaction. */
  async function changeOwnAccount(
    member: Member,
    change: Parameters<UserRepository['update']>[1],
    event: Omit<AuditEvent, 'subject'> | null,
  ): Promise<UserRow> {
    return db.transaction(async (tx) => {
      const user = await createUserRepository(tx).update(member.user.id, change)
      if (event) await auditOwn(tx, member, event)
      // The member's other tabs and devices hear it on `account` (decision 077), at the commit.
      const changed = (['name', 'prefs'] as const).filter((key) => change[key] !== undefined)
      await announceRealtime(
        tx,
        changed.map((key) => ({ kind: 'account', userId: user.id, change: key, at: announcedAt() })),
      )
      return user
    })
  }

  return {
    /** A signed-in member: their session, complete (a second factor proved when they have one). */
    async authenticate(credentials: SessionValue | null): Promise<Member | null> {
      const found = await this.findSession(credentials)
      return found && !needsSecondFactor(found) ? found : null
    },

    /** The session of the cookie, also one that still needs its second factor (the MFA routes'). */
    async findSession(credentials: SessionValue | null): Promise<Member | null> {
      if (!credentials) return null
      const found = await sessionView.findActive(credentials.id, sessionHash(credentials.secret), now())
      if (!found) return null
      // Reads stay free of writes: `accessedAt` moves at most once an hour, as in Appwrite.
      if (now().getTime() - found.user.accessedAt.getTime() > ACCESS_UPDATE_INTERVAL_MS) {
        await users.touchAccessed(found.user.id, now())
      }
      // The same for the session's last use, which "My account" shows (issue 31).
      if (now().getTime() - found.session.updatedAt.getTime() > ACCESS_UPDATE_INTERVAL_MS) {
        await sessions.touch(found.session.id, now())
      }
      return found
    },

    async createEmailSession(input: { email: string; password: string; ip: string; userAgent: string }) {
      const emailKey = input.email.toLowerCase()
      const address = clientAddressKey(input.ip)
      // The address first: an attempt it refuses counts against no member's email.
      const counted: [RateLimitRule, string][] = [
        [IP_FAILURE_RULE, address],
        [EMAIL_ADDRESS_RULE, `${emailKey} ${address}`],
        [EMAIL_RULE, emailKey],
      ]
      for (const [rule, subject] of counted) {
        const limited = await rateLimiter.hit(rule, subject)
        if (limited) throw limited
      }
      const user = await users.findByEmail(input.email)
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyDecoy(input.password).then(() => false)
      if (!user || !valid) throw new AppwriteError('user_invalid_credentials')
      // Only with the right password: who is blocked, and why, is theirs to learn.
      if (!user.enabled) throw blockedError(null)
      if (user.blockedReason) throw blockedError(user.blockedReason)
      await rateLimiter.reset(EMAIL_ADDRESS_RULE, `${emailKey} ${address}`)
      await rateLimiter.undo(EMAIL_RULE, emailKey)
      await rateLimiter.undo(IP_FAILURE_RULE, address)
      await markFirstSignIn(user)
      await users.touchAccessed(user.id, now())
      const current = needsRehash(user.passwordHash)
        ? await users.update(user.id, { passwordHash: await hashPassword(input.password) })
        : user
      return { user: current, ...(await createSession(current, input)) }
    },

    /**
     * A member who proved who they are another way (an emailed link or code, issue 31): the same checks
     * and the same session as a password's.
     */
    async createSessionFor(user: UserRow, client: { ip: string; userAgent: string }) {
      if (!user.enabled) throw blockedError(null)
      if (user.blockedReason) throw blockedError(user.blockedReason)
      await markFirstSignIn(user)
      await users.touchAccessed(user.id, now())
      return { user, ...(await createSession(user, client)) }
    },

    async signUp(input: {
      userId: string | undefined
      email: string
      password: string
      name: string
      ip: string
    }) {
      if (!allowSignUp) {
        throw new AppwriteError('general_access_forbidden', said('signUpDisabled'))
      }
      const limited = await rateLimiter.hit(SIGN_UP_RULE, clientAddressKey(input.ip))
      if (limited) throw limited
      if ((await users.findByEmail(input.email)) || (input.userId && (await users.findById(input.userId)))) {
        throw new AppwriteError('user_already_exists')
      }
      const passwordHash = await hashPassword(input.password)
      try {
        return await users.create({ id: input.userId, email: input.email, name: input.name, passwordHash })
      } catch (error) {
        // Two sign-ups with the same email at once: the unique index decides.
        if (isUniqueViolation(error)) throw new AppwriteError('user_already_exists')
        throw error
      }
    },

    async listSessions(member: Member) {
      return sessions.listForUser(member.user.id, now())
    },

    async getSession(member: Member, sessionId: string): Promise<SessionRow> {
      if (sessionId === 'current' || sessionId === member.session.id) return member.session
      const found = (await sessions.listForUser(member.user.id, now())).find(
        (session) => session.id === sessionId,
      )
      if (!found) throw new AppwriteError('user_session_not_found')
      return found
    },

    async deleteSession(member: Member, sessionId: string): Promise<{ current: boolean }> {
      const id = sessionId === 'current' ? member.session.id : sessionId
      if (!(await sessions.delete(member.user.id, id))) throw new AppwriteError('user_session_not_found')
      const current = id === member.session.id
      // Signing out here is no change to audit; ending another session is.
      if (!current) await auditOwn(db, member, { action: 'account.session.delete', before: { session: id } })
      return { current }
    },

    async deleteAllSessions(member: Member): Promise<void> {
      await sessions.deleteAllForUser(member.user.id)
      await auditOwn(db, member, { action: 'account.sessions.delete' })
    },

    /** Prefs hold what the app keeps (favourites): only a change of the email language is audited. */
    updatePrefs: (member: Member, prefs: Record<string, unknown>) => {
      const before = member.user.prefs.emailLanguage
      const after = prefs.emailLanguage
      const event =
        before === after
          ? null
          : {
              action: 'account.prefs',
              before: { emailLanguage: before ?? null },
              after: { emailLanguage: after ?? null },
            }
      return changeOwnAccount(member, { prefs }, event)
    },

    updateName: (member: Member, name: string) =>
      changeOwnAccount(
        member,
        { name },
        { action: 'account.name', before: { name: member.user.name }, after: { name } },
      ),

    /** A new password signs the member out everywhere else and ends their recovery links. */
    async updatePassword(member: Member, password: string, oldPassword: string | undefined) {
      const limited = await rateLimiter.hit(PASSWORD_UPDATE_RULE, member.user.id)
      if (limited) throw limited
      if (!oldPassword || !(await verifyPassword(member.user.passwordHash, oldPassword))) {
        throw new AppwriteError('user_invalid_credentials', said('oldPasswordInvalid'))
      }
      await tokens.endOutstanding(member.user.id, now())
      const user = await users.update(member.user.id, {
        passwordHash: await hashPassword(password),
        passwordUpdatedAt: now(),
      })
      await sessions.deleteAllForUser(member.user.id, member.session.id)
      await auditOwn(db, member, { action: 'account.password' })
      return user
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
