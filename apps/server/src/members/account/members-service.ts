import { AppwriteError } from '../../platform/appwrite/errors'
import { said, type ErrorMessage } from '../../platform/error-messages/error-message'
import type { Database } from '../../platform/db/client'
import { isUniqueViolation } from '../../platform/db/errors'
import { StoreOriginNotConfigured } from '../../platform/http/store-origin'
import type { MailLanguage } from '../../mail/mail-language'
import { hashPassword, unknowablePasswordHash } from '../../platform/security/password'
import { newPasswordSchema } from '../../platform/security/password-policy'
import { newReadablePassword } from '../../platform/security/secrets'
import type { RecoveryService } from './recovery-service'
import type { SessionRepository } from './session-repository'
import type { TokenRepository } from './token-repository'
import { createUserRepository, type UserRepository, type UserRow } from './user-repository'
import type { MemberToImport } from './member-to-import'

interface Dependencies {
  db: Database
  users: UserRepository
  sessions: SessionRepository
  tokens: TokenRepository
  recovery: RecoveryService
  /** Where invitation links point (decision 011); throws `StoreOriginNotConfigured` when nowhere. */
  linkOrigin: () => string
  now?: () => Date
}

/** The store owner's operations on members: the admin CLI's, and the console's through the Users API. */
export function createMembersService({
  db,
  users,
  sessions,
  tokens,
  recovery,
  linkOrigin,
  now = () => new Date(),
}: Dependencies) {
  async function find(email: string): Promise<UserRow> {
    const user = await users.findByEmail(email)
    if (!user) throw new AppwriteError('user_not_found', said('noMemberWithEmail', { email }))
    return user
  }

  function checkPassword(password: string): string {
    if (!newPasswordSchema.safeParse(password).success) {
      throw new AppwriteError('general_argument_invalid', said('passwordRules'))
    }
    return password
  }

  /** Asked before anything changes, so a command that cannot send its links changes nothing. */
  function invitationOrigin(): string {
    try {
      return linkOrigin()
    } catch (error) {
      if (error instanceof StoreOriginNotConfigured) {
        const reason = error.reason === 'host' ? said('publicOriginMissing') : said('publicOriginMissingPort')
        throw new AppwriteError('general_service_disabled', said('nothingChanged', { reason }))
      }
      throw error
    }
  }

  return {
    /** Without a password (and without an invitation) one is generated, returned once to be printed. */
    async create(input: {
      /** The member's id (Appwrite's `userId`); a new one when not given. */
      id?: string
      email: string
      name: string
      password?: string
      invite: boolean
      language: MailLanguage
      labels?: string[]
    }) {
      const webOrigin = input.invite ? invitationOrigin() : undefined
      const generated = input.password === undefined && !input.invite ? newReadablePassword() : undefined
      const password = input.password === undefined ? generated : checkPassword(input.password)
      const taken = () =>
        new AppwriteError('user_already_exists', said('memberEmailTaken', { email: input.email }))
      if (await users.findByEmail(input.email)) throw taken()
      if (input.id !== undefined && (await users.findById(input.id)))
        throw new AppwriteError('user_already_exists', said('memberIdTaken', { id: input.id }))
      const passwordHash =
        password === undefined ? await unknowablePasswordHash() : await hashPassword(password)
      let user: UserRow
      try {
        user = await users.create({
          id: input.id,
          email: input.email,
          name: input.name,
          passwordHash,
          labels: [...new Set(input.labels)],
          grantedByOwner: true,
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw taken()
        throw error
      }
      if (webOrigin) await recovery.invite(user, { webOrigin, language: input.language })
      return { user, generatedPassword: generated }
    },

    list: () => users.list(now()),

    /** A disabled member cannot sign in, and every session and link they hold ends now. */
    async disable(email: string) {
      const user = await find(email)
      await users.setEnabled(user.id, false)
      await tokens.endOutstanding(user.id, now())
      return { user, sessionsEnded: await sessions.deleteAllForUser(user.id) }
    },

    /**
     * Lets a disabled or blocked member in again (after a refund was settled, or the $30 reactivation
     * of the terms): one reactivated after inactivity starts a new year, so the daily check does not
     * block them again at once. Letting in a member who had no access makes it the owner's grant: a
     * later refund of one of their orders does not end it (decision 057). Returns the member as they were.
     */
    async enable(email: string) {
      const user = await find(email)
      await users.restoreAccess(user.id, {
        grant: !user.enabled || user.blockedReason !== null,
        activeAt: user.blockedReason === 'inactive' ? now() : undefined,
      })
      return user
    },

    /** Gives a member a label or takes it away; says whether that changed anything. */
    async setLabel(email: string, label: string, present: boolean) {
      const user = await find(email)
      const had = user.labels.includes(label)
      if (had === present) return { user, changed: false }
      const labels = present ? [...user.labels, label] : user.labels.filter((held) => held !== label)
      await users.setLabels(user.id, labels)
      return { user: { ...user, labels }, changed: true }
    },

    async delete(email: string) {
      const user = await find(email)
      await users.delete(user.id)
      return user
    },

    /** Sets (or generates) a password, signs the member out everywhere and ends their links. */
    async setPassword(email: string, password: string | undefined) {
      const user = await find(email)
      const chosen = password === undefined ? newReadablePassword() : checkPassword(password)
      await tokens.endOutstanding(user.id, now())
      await users.update(user.id, { passwordHash: await hashPassword(chosen), passwordUpdatedAt: now() })
      return {
        user,
        generatedPassword: password === undefined ? chosen : undefined,
        sessionsEnded: await sessions.deleteAllForUser(user.id),
      }
    },

    /** Signs the member out everywhere; their set-password links end too (whoever held a session may hold one). */
    /**
     * `users mfa reset E` (issue 43): the owner who lost their phone and their recovery codes. Two-step
     * verification off, the authenticator and the codes gone, every session ended: they sign in with a
     * password or a link and enrol again.
     */
    async resetMfa(email: string) {
      const user = await find(email)
      await users.resetMfa(user.id)
      return { user, sessionsEnded: await sessions.deleteAllForUser(user.id) }
    },

    async revokeSessions(email: string) {
      const user = await find(email)
      await tokens.endOutstanding(user.id, now())
      return { user, sessionsEnded: await sessions.deleteAllForUser(user.id) }
    },

    async invite(email: string, language: MailLanguage) {
      const webOrigin = invitationOrigin()
      const user = await find(email)
      if (!user.enabled)
        throw new AppwriteError('user_blocked', said('memberDisabled', { email: user.email }))
      await recovery.invite(user, { webOrigin, language })
      return user
    },

    /**
     * Creates the buyers not yet members, in one transaction, then invites each; those already members
     * are left as they are, so running the same file twice creates nobody twice.
     */
    async importMembers(members: MemberToImport[], language: MailLanguage) {
      const webOrigin = invitationOrigin()
      const existing: MemberToImport[] = []
      const created: { member: MemberToImport; user: UserRow }[] = []
      await db.transaction(async (tx) => {
        const inTransaction = createUserRepository(tx)
        for (const member of members) {
          if (await inTransaction.findByEmail(member.email)) {
            existing.push(member)
            continue
          }
          const user = await inTransaction.create({
            email: member.email,
            name: member.name,
            passwordHash: await unknowablePasswordHash(),
            grantedByOwner: true,
          })
          created.push({ member, user })
        }
      })
      const notInvited: NotInvited[] = []
      for (const { member, user } of created) {
        await recovery.invite(user, { webOrigin, language }).catch((error: unknown) => {
          notInvited.push({ member, ...whyNotInvited(error) })
        })
      }
      return { created: created.map(({ member }) => member), existing, notInvited }
    },
  }
}

export type MembersService = ReturnType<typeof createMembersService>

/** A member created whose invitation was not sent: why, in English (the CLI) and to be said (the console). */
export interface NotInvited {
  member: MemberToImport
  reason: string
  said: ErrorMessage
}

/** The store's own refusals keep their message; a mail server's words are quoted in the store's sentence. */
function whyNotInvited(error: unknown): Omit<NotInvited, 'member'> {
  if (error instanceof AppwriteError) return { reason: error.message, said: error.said }
  const detail = error instanceof Error ? error.message : String(error)
  return { reason: detail, said: said('invitationNotSent', { detail }) }
}
