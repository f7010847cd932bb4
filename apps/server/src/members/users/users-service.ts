import { and, eq, sql } from 'drizzle-orm'
import { ADMIN_LABEL } from '@pg/shared/account'
import { AppwriteError } from '../../platform/appwrite/errors'
import { isUniqueViolation } from '../../platform/db/errors'
import { said, type ErrorMessage } from '../../platform/error-messages/error-message'
import type { Database } from '../../platform/db/client'
import { users } from '../../platform/db/schema'
import type { MembersService } from '../account/members-service'
import type { SessionRepository } from '../account/session-repository'
import type { UserRepository, UserRow } from '../account/user-repository'
import type { MailLanguage } from '../../mail/mail-language'
import { beyondCursor, type UserListQuery } from './user-list-queries'
import { recordAuditEvent, type AuditEvent } from '../../platform/audit/audit-log'
import { consoleActor } from '../../platform/http/admin-routes'
import type { SignedIn } from '../../platform/http/signed-in'
import type { StoreOwner, StoreOwnerReader } from './store-owner'

interface Dependencies {
  db: Database
  users: UserRepository
  sessions: SessionRepository
  /** The owner's operations, shared with the admin CLI: what they end and send is the same. */
  members: MembersService
  /** Whom no admin may take the label from, disable or delete (decision 058). */
  owner: StoreOwnerReader
  now?: () => Date
}

/**
 * Appwrite's Users service for the owner's console (issue 13): members by id, for members with the
 * admin label. Each change goes through the same operations as the admin CLI's.
 */
export function createUsersService({
  db,
  users: userRows,
  sessions,
  members,
  owner: storeOwner,
  now = () => new Date(),
}: Dependencies) {
  async function find(userId: string): Promise<UserRow> {
    const user = await userRows.findById(userId)
    if (!user) throw new AppwriteError('user_not_found')
    return user
  }

  /** Recorded after the change, naming the admin who made it (decision 037). */
  const audit = (actor: SignedIn, event: AuditEvent) => recordAuditEvent(db, consoleActor(actor), event)
  const subject = (user: UserRow) => `users/${user.id}`
  /** What the log keeps of a member: never a password hash or their prefs. */
  const shown = (user: UserRow) => ({
    email: user.email,
    name: user.name,
    status: user.enabled,
    labels: user.labels,
  })

  /** An admin cannot lock themselves out: another admin can do it. */
  function notOneself(actor: SignedIn, user: UserRow, action: 'disable' | 'delete' | 'unlabel') {
    if (actor.user.id === user.id)
      throw new AppwriteError('general_argument_invalid', said('notOneself', { action, label: ADMIN_LABEL }))
  }

  /** Why an admin is refused what only the CLI may do to the owner, in the request's language. */
  const ownerRefusal = (owner: StoreOwner, message: ErrorMessage) =>
    new AppwriteError(
      'general_access_forbidden',
      message,
      {},
      { reason: 'store_owner', owner: owner.user.id },
    )

  /** The owner keeps their admin label and their account: the console cannot take either (issue 28). */
  async function notTheOwner(user: UserRow, action: 'disable' | 'delete' | 'unlabel') {
    const owner = await storeOwner.find()
    if (owner?.user.id === user.id)
      throw ownerRefusal(
        owner,
        said('ownerProtected', { action, email: user.email, source: owner.source, label: ADMIN_LABEL }),
      )
  }

  /**
   * Without OWNER_EMAIL the owner is the first admin: giving the label to a member who joined before them
   * would hand that member the store, so only the CLI (or OWNER_EMAIL) may do it.
   */
  async function ownerStays(user: UserRow) {
    const owner = await storeOwner.find()
    if (owner?.source === 'first_admin' && user.sequence < owner.user.sequence)
      throw ownerRefusal(
        owner,
        said('ownerWouldChange', { email: user.email, owner: owner.user.email, label: ADMIN_LABEL }),
      )
  }

  return {
    /** The store's owner as the console shows them, or null while no member has the admin label. */
    async owner() {
      const owner = await storeOwner.find()
      return owner && { userId: owner.user.id, email: owner.user.email, source: owner.source }
    },

    async list(query: UserListQuery, withTotal: boolean) {
      let where = query.where
      if (query.cursor) {
        const [cursor] = await db
          .select({ sequence: users.sequence })
          .from(users)
          .where(eq(users.id, query.cursor.userId))
        if (!cursor)
          throw new AppwriteError(
            'general_cursor_not_found',
            said('memberCursorNotFound', { id: query.cursor.userId }),
          )
        where = and(where, beyondCursor(query.cursor.side, cursor.sequence))
      }
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset)
      if (query.cursor?.readBackwards) rows.reverse()
      const total = withTotal
        ? ((
            await db
              .select({ count: sql<number>`count(*)::int` })
              .from(users)
              .where(query.where)
          )[0]?.count ?? 0)
        : 0
      return { total, users: rows }
    },

    get: find,

    async create(
      actor: SignedIn,
      input: { userId?: string; email: string; password?: string; name: string },
    ) {
      const { user } = await members.create({
        id: input.userId,
        email: input.email,
        name: input.name,
        password: input.password,
        // Without a password the member gets one nobody knows, and an invitation sets theirs.
        invite: false,
        language: 'es',
      })
      await audit(actor, { action: 'member.create', subject: subject(user), after: shown(user) })
      return user
    },

    async updateStatus(actor: SignedIn, userId: string, status: boolean) {
      const user = await find(userId)
      if (status) await members.enable(user.email)
      else {
        await notTheOwner(user, 'disable')
        notOneself(actor, user, 'disable')
        await members.disable(user.email)
      }
      const after = await find(userId)
      await audit(actor, {
        action: status ? 'member.enable' : 'member.disable',
        subject: subject(user),
        before: { status: user.enabled, blockedReason: user.blockedReason },
        after: { status: after.enabled, blockedReason: after.blockedReason },
      })
      return after
    },

    /** Appwrite's `users.updateName`: the member's name, as they would set it in "Mi cuenta". */
    async updateName(actor: SignedIn, userId: string, name: string) {
      const user = await find(userId)
      const after = await userRows.update(user.id, { name })
      await audit(actor, {
        action: 'member.name',
        subject: subject(user),
        before: { name: user.name },
        after: { name: after.name },
      })
      return after
    },

    /** Appwrite's `users.updateEmail`: another address, refused when a member has it already. */
    async updateEmail(actor: SignedIn, userId: string, email: string) {
      const user = await find(userId)
      const taken = () => new AppwriteError('user_already_exists', said('memberEmailTaken', { email }))
      const holder = await userRows.findByEmail(email)
      if (holder && holder.id !== user.id) throw taken()
      try {
        await db.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, user.id))
      } catch (error) {
        if (isUniqueViolation(error)) throw taken()
        throw error
      }
      const after = await find(userId)
      await audit(actor, {
        action: 'member.email',
        subject: subject(user),
        before: { email: user.email },
        after: { email: after.email },
      })
      return after
    },

    async updateLabels(actor: SignedIn, userId: string, labels: string[]) {
      const user = await find(userId)
      if (user.labels.includes(ADMIN_LABEL) && !labels.includes(ADMIN_LABEL)) {
        await notTheOwner(user, 'unlabel')
        notOneself(actor, user, 'unlabel')
      }
      if (!user.labels.includes(ADMIN_LABEL) && labels.includes(ADMIN_LABEL)) await ownerStays(user)
      await userRows.setLabels(user.id, [...new Set(labels)])
      const after = await find(userId)
      await audit(actor, {
        action: 'member.labels',
        subject: subject(user),
        before: { labels: user.labels },
        after: { labels: after.labels },
      })
      return after
    },

    async delete(actor: SignedIn, userId: string) {
      const user = await find(userId)
      await notTheOwner(user, 'delete')
      notOneself(actor, user, 'delete')
      await members.delete(user.email)
      await audit(actor, { action: 'member.delete', subject: subject(user), before: shown(user) })
    },

    async listSessions(userId: string) {
      const user = await find(userId)
      return sessions.listForUser(user.id, now())
    },

    async deleteSessions(actor: SignedIn, userId: string) {
      const user = await find(userId)
      const { sessionsEnded } = await members.revokeSessions(user.email)
      await audit(actor, {
        action: 'member.sessions.delete',
        subject: subject(user),
        after: { sessionsEnded },
      })
    },

    async deleteSession(actor: SignedIn, userId: string, sessionId: string) {
      const user = await find(userId)
      if (!(await sessions.delete(user.id, sessionId))) throw new AppwriteError('user_session_not_found')
      await audit(actor, { action: 'member.session.delete', subject: subject(user), after: { sessionId } })
    },

    async invite(actor: SignedIn, userId: string, language: MailLanguage) {
      const user = await find(userId)
      await members.invite(user.email, language)
      await audit(actor, { action: 'member.invite', subject: subject(user), after: { language } })
    },
  }
}

export type UsersService = ReturnType<typeof createUsersService>
