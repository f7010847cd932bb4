import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { AppwriteError } from '../../platform/appwrite/errors'
import { recordAuditEvent } from '../../platform/audit/audit-log'
import type { Database } from '../../platform/db/client'
import { mfaChallenges, sessions, users } from '../../platform/db/schema'
import { clientAddressKey } from '../../platform/security/client-address'
import type { RateLimiter, RateLimitRule } from '../../platform/security/rate-limits'
import { newId } from '../../platform/security/secrets'
import { readStoreKey } from '../../platform/security/store-keys'
import type { SignedIn } from '../../platform/http/signed-in'
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes'
import { openSecret, sealSecret } from '../../platform/security/sealed-secrets'
import { matchingStep, newAuthenticator } from './totp-codes'

/** Appwrite's: a challenge lives 15 minutes; a second factor proved in the last 5 minutes is "recent". */
export const CHALLENGE_TTL_MS = 15 * 60_000
export const RECENT_CHALLENGE_MS = 5 * 60_000

/**
 * Wrong codes (issue 43): counted per session (5: then that partial session is over, its owner signs in
 * again) and per member and client address (/64) together (10 in 15 minutes). Never per member alone, so
 * a stranger's wrong codes from elsewhere cannot lock the owner out (the emailed sign-in code's rule,
 * decision 072, reasoned the same way).
 */
export const SESSION_CODE_RULE: RateLimitRule = { name: 'mfa-code:session', limit: 5, windowSeconds: 900 }
export const MEMBER_ADDRESS_CODE_RULE: RateLimitRule = {
  name: 'mfa-code:member-ip',
  limit: 10,
  windowSeconds: 900,
}

export type SecondFactor = 'totp' | 'email' | 'recoverycode'

/** A session is signed in when its member has two-step verification off, or it proved a second factor. */
export const isComplete = (member: SignedIn) => !member.user.mfa || member.session.mfaUpdatedAt !== null

const ownSubject = (member: SignedIn) => `users/${member.user.id}`
const actorOf = (member: SignedIn) =>
  ({ source: 'member', id: member.user.id, email: member.user.email }) as const

export function createMfaService(options: {
  db: Database
  rateLimiter: RateLimiter
  /** The store's name in an authenticator app. */
  issuer: () => Promise<string>
  /** Forget a member's sessions held in memory (a session became complete, or ended). */
  sessionsChanged: (memberId: string) => void
  now?: () => Date
}) {
  const { db, rateLimiter } = options
  const now = options.now ?? (() => new Date())
  const key = () => readStoreKey(db, 'mfa-secrets')

  const secretOf = async (member: SignedIn): Promise<string> => {
    if (!member.user.totpSecret) throw new AppwriteError('user_authenticator_not_found')
    return openSecret(await key(), member.user.id, member.user.totpSecret)
  }

  /** Counts a code before it is checked (parallel tries cannot slip past the limits). */
  async function countTry(member: SignedIn, ip: string) {
    for (const [rule, subject] of [
      [SESSION_CODE_RULE, member.session.id],
      [MEMBER_ADDRESS_CODE_RULE, `${member.user.id} ${clientAddressKey(ip)}`],
    ] as const) {
      const limited = await rateLimiter.hit(rule, subject)
      if (limited) throw limited
    }
  }

  /** A TOTP code right within ±1 step and newer than the last one accepted: the step is taken once. */
  async function acceptTotp(member: SignedIn, code: string): Promise<boolean> {
    const step = matchingStep(await secretOf(member), code, now())
    if (step === null) return false
    const taken = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(users.id, member.user.id),
          sql`(${users.totpLastStep} IS NULL OR ${users.totpLastStep} < ${step})`,
        ),
      )
      .returning({ id: users.id })
    return taken.length === 1
  }

  /** A recovery code, removed as it is used (once, also with two tries at once). */
  async function useRecoveryCode(member: SignedIn, code: string): Promise<boolean> {
    const hash = recoveryCodeHash(code)
    const used = await db
      .update(users)
      .set({ recoveryCodes: sql`array_remove(${users.recoveryCodes}, ${hash})` })
      .where(and(eq(users.id, member.user.id), sql`${hash} = ANY(${users.recoveryCodes})`))
      .returning({ id: users.id })
    if (used.length === 0) return false
    await recordAuditEvent(db, actorOf(member), {
      action: 'account.mfa.recovery-code',
      subject: ownSubject(member),
    })
    return true
  }

  /** Changes that weaken the account need a second factor proved on this session in the last 5 minutes. */
  const requireRecentChallenge = (member: SignedIn) => {
    if (!member.user.mfa) return
    const at = member.session.mfaUpdatedAt
    if (!at || now().getTime() - at.getTime() > RECENT_CHALLENGE_MS)
      throw new AppwriteError('user_challenge_required')
  }

  async function markSessionProved(member: SignedIn, factor: SecondFactor) {
    await db
      .update(sessions)
      .set({
        factors: sql`array_append(array_remove(${sessions.factors}, ${factor}), ${factor})`,
        mfaUpdatedAt: now(),
      })
      .where(eq(sessions.id, member.session.id))
    options.sessionsChanged(member.user.id)
  }

  return {
    /** `POST /v1/account/mfa/authenticators/totp`: a new secret (replacing one never confirmed). */
    async createAuthenticator(member: SignedIn): Promise<{ secret: string; uri: string }> {
      if (member.user.totpVerifiedAt) throw new AppwriteError('user_authenticator_already_verified')
      const authenticator = newAuthenticator(await options.issuer(), member.user.email)
      await db
        .update(users)
        .set({
          totpSecret: sealSecret(await key(), member.user.id, authenticator.secret),
          totpLastStep: null,
        })
        .where(eq(users.id, member.user.id))
      return authenticator
    },

    /** `PUT /v1/account/mfa/authenticators/totp`: the first code confirms the app. */
    async verifyAuthenticator(member: SignedIn, otp: string, ip: string) {
      if (!member.user.totpSecret) throw new AppwriteError('user_authenticator_not_found')
      if (member.user.totpVerifiedAt) throw new AppwriteError('user_authenticator_already_verified')
      await countTry(member, ip)
      if (!(await acceptTotp(member, otp))) throw new AppwriteError('user_invalid_token')
      const [user] = await db
        .update(users)
        .set({ totpVerifiedAt: now() })
        .where(eq(users.id, member.user.id))
        .returning()
      if (!user) throw new AppwriteError('user_not_found')
      await recordAuditEvent(db, actorOf(member), {
        action: 'account.mfa.enrol',
        subject: ownSubject(member),
      })
      // The app proved on this session: changes that need a recent challenge may follow.
      await markSessionProved(member, 'totp')
      return user
    },

    /** `DELETE /v1/account/mfa/authenticators/totp`: needs a recent challenge; turns MFA off with it. */
    async deleteAuthenticator(member: SignedIn) {
      if (!member.user.totpSecret) throw new AppwriteError('user_authenticator_not_found')
      requireRecentChallenge(member)
      const [user] = await db
        .update(users)
        .set({ totpSecret: null, totpVerifiedAt: null, totpLastStep: null, mfa: false })
        .where(eq(users.id, member.user.id))
        .returning()
      if (!user) throw new AppwriteError('user_not_found')
      await recordAuditEvent(db, actorOf(member), {
        action: 'account.mfa.remove',
        subject: ownSubject(member),
      })
      options.sessionsChanged(member.user.id)
      return user
    },

    /** `PATCH /v1/account/mfa`: on needs a confirmed factor; off needs a recent challenge. */
    async updateMfa(member: SignedIn, on: boolean) {
      if (on && !member.user.totpVerifiedAt) throw new AppwriteError('user_authenticator_not_found')
      if (!on) requireRecentChallenge(member)
      const [user] = await db.update(users).set({ mfa: on }).where(eq(users.id, member.user.id)).returning()
      if (!user) throw new AppwriteError('user_not_found')
      if (on) {
        // Other sessions were signed in with one factor: they end; this one proved its second.
        await db
          .delete(sessions)
          .where(and(eq(sessions.userId, member.user.id), sql`${sessions.id} <> ${member.session.id}`))
        if (!member.session.mfaUpdatedAt) await markSessionProved(member, 'totp')
      }
      if (on !== member.user.mfa)
        await recordAuditEvent(db, actorOf(member), {
          action: on ? 'account.mfa.on' : 'account.mfa.off',
          subject: ownSubject(member),
        })
      options.sessionsChanged(member.user.id)
      return user
    },

    /** `GET /v1/account/mfa/factors`: Appwrite's MfaFactors. */
    listFactors: (member: SignedIn) => ({
      totp: member.user.totpVerifiedAt !== null,
      phone: false,
      email: false,
      recoveryCode: member.user.recoveryCodes.length > 0,
    }),

    /** `POST /v1/account/mfa/recovery-codes`: ten codes, shown once; refused while some are unused. */
    async createRecoveryCodes(member: SignedIn) {
      if (member.user.recoveryCodes.length > 0) throw new AppwriteError('user_recovery_codes_already_exists')
      return this.regenerate(member, 'account.mfa.recovery-codes')
    },

    /** `PATCH /v1/account/mfa/recovery-codes`: new codes (the old ones end); needs a recent challenge. */
    async updateRecoveryCodes(member: SignedIn) {
      requireRecentChallenge(member)
      return this.regenerate(member, 'account.mfa.recovery-codes.regenerate')
    },

    async regenerate(member: SignedIn, action: string) {
      const codes = newRecoveryCodes()
      await db
        .update(users)
        .set({ recoveryCodes: codes.map(recoveryCodeHash) })
        .where(eq(users.id, member.user.id))
      await recordAuditEvent(db, actorOf(member), { action, subject: ownSubject(member) })
      return { recoveryCodes: codes }
    },

    /** `POST /v1/account/mfa/challenges`: Appwrite's MfaChallenge. */
    async createChallenge(member: SignedIn, factor: SecondFactor) {
      if (factor === 'email') throw new AppwriteError('general_argument_invalid')
      if (factor === 'totp' && !member.user.totpVerifiedAt)
        throw new AppwriteError('user_authenticator_not_found')
      // The member's challenges that ran out go as a new one comes: the table never grows.
      await db
        .delete(mfaChallenges)
        .where(and(eq(mfaChallenges.userId, member.user.id), lte(mfaChallenges.expiresAt, now())))
      const [row] = await db
        .insert(mfaChallenges)
        .values({
          id: newId(),
          userId: member.user.id,
          factor,
          expiresAt: new Date(now().getTime() + CHALLENGE_TTL_MS),
        })
        .returning()
      if (!row) throw new Error('no challenge')
      // At most the 10 newest per member stay open (a session asking again and again keeps the table small).
      await db.execute(
        sql`DELETE FROM mfa_challenges WHERE user_id = ${member.user.id} AND id NOT IN (SELECT id FROM mfa_challenges WHERE user_id = ${member.user.id} ORDER BY created_at DESC, id LIMIT 10)`,
      )
      return row
    },

    /** `PUT /v1/account/mfa/challenges`: the code; the session is then signed in (or its change allowed). */
    async completeChallenge(member: SignedIn, challengeId: string, otp: string, ip: string) {
      await countTry(member, ip)
      const [challenge] = await db
        .select()
        .from(mfaChallenges)
        .where(
          and(
            eq(mfaChallenges.id, challengeId),
            eq(mfaChallenges.userId, member.user.id),
            gt(mfaChallenges.expiresAt, now()),
          ),
        )
      if (!challenge) throw new AppwriteError('user_invalid_token')
      const right =
        challenge.factor === 'totp' ? await acceptTotp(member, otp) : await useRecoveryCode(member, otp)
      // A wrong code leaves the challenge for another try (the limits above count them); a right one ends it.
      if (!right) throw new AppwriteError('user_invalid_token')
      await db.delete(mfaChallenges).where(eq(mfaChallenges.id, challenge.id))
      await markSessionProved(member, challenge.factor)
    },
  }
}
export type MfaService = ReturnType<typeof createMfaService>
