import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../platform/config'
import type { DatabaseHandle } from '../platform/db/client'
import { createAccountEmailCeiling, type AccountEmailCeiling } from './account/account-email-limits'
import { createAccountService, type Member } from './account/account-service'
import type { MemberRepositories } from './account/member-repositories'
import { createMembersService, type MembersService } from './account/members-service'
import { recoveryRoutes } from './account/recovery-routes'
import { createRecoveryService } from './account/recovery-service'
import { accountRoutes, registerAccountRoutes, signOutRoute } from './account/routes'
import { needsSecondFactor } from '../platform/http/signed-in'
import type { SessionValue } from '../platform/appwrite/session-cookie'
import { createMfaService } from './mfa/mfa-service'
import { mfaRoutes, secondFactorRoutes } from './mfa/mfa-routes'
import { sessionModel, userModel } from './account/models'
import { openSessionView, type SessionViewLimits } from './account/session-view'
import { signInTokenRoutes } from './account/sign-in-token-routes'
import { createSignInTokenService } from './account/sign-in-tokens'
import { readStoreKey } from '../platform/security/store-keys'
import { createSessionTransport, readSessionCredentials } from './account/session-transport'
import { startInactivityChecks } from './inactivity/inactivity-checks'
import { createInactivityService } from './inactivity/inactivity-service'
import { createStoreOwnerReader } from './users/store-owner'
import { createUsersService, type UsersService } from './users/users-service'

export interface MembersWingOptions {
  config: Pick<
    Config,
    | 'projectId'
    | 'publicOrigin'
    | 'sessionTtlSeconds'
    | 'allowSignUp'
    | 'ownerEmail'
    | 'inactivityBlockDays'
    | 'accountEmailsPerHour'
    | 'adminMfa'
  >
  database: DatabaseHandle
  repositories: MemberRepositories
  /** The clock of the daily inactivity check; tests move it. */
  now?: () => Date
  /** Bounds of the in-memory view of live sessions; smaller in tests. */
  sessionViewLimits?: SessionViewLimits
}

/** What the wings above the members' use of it: who asks, and the owner's services for members. */
export interface MembersWing {
  /** The member a request's session names, found once per request. */
  authenticate: (request: FastifyRequest) => Promise<Member | null>
  /** The member a session names now (a realtime connection's, checked again when sessions change). */
  authenticateSession: (credentials: SessionValue) => Promise<Member | null>
  members: MembersService
  users: UsersService
  /** The store's ceiling on account emails: the console says when it held some back. */
  accountEmailCeiling: AccountEmailCeiling
}

/**
 * Members: their accounts and sessions (Appwrite's Account service and recovery), the owner's services
 * for them (Appwrite's Users service), and the inactivity rule's daily check.
 */
export const membersWing = fp<MembersWingOptions>(
  async (app, { config, database, repositories, now, sessionViewLimits }) => {
    const { users, sessions, tokens } = repositories
    // Signed-in requests are checked in memory; the database notifies every change (decision 028).
    const sessionView = await openSessionView({
      database,
      sessions,
      limits: sessionViewLimits,
      onListeningChange: (listening) =>
        listening
          ? app.log.info('Session changes are heard again: sessions are checked in memory')
          : app.log.warn(
              'Lost the connection that hears session changes: sessions are checked in the database',
            ),
    })
    app.addHook('onClose', async () => sessionView.close())
    app.decorate('sessionView', sessionView)
    const { rateLimiter } = app
    const account = createAccountService({
      db: database.db,
      users,
      sessions,
      sessionView,
      tokens,
      rateLimiter,
      sessionTtlSeconds: config.sessionTtlSeconds,
      allowSignUp: config.allowSignUp,
      firstSignedIn: (memberId) => app.analytics.firstSignIn(memberId),
    })
    const ceiling = createAccountEmailCeiling({
      rateLimiter,
      perHour: config.accountEmailsPerHour,
      onFirstHeld: (perHour) =>
        app.log.warn(
          `More than ${perHour} sign-in and recovery emails were asked for in an hour (ACCOUNT_EMAILS_PER_HOUR): the rest of the hour's are not sent`,
        ),
    })
    const recovery = createRecoveryService({
      users,
      sessions,
      tokens,
      rateLimiter,
      mailer: app.mailer,
      storeIdentity: app.storeIdentity,
      ceiling,
      onMailError: (error) => app.log.error({ err: error }, 'preparing or sending a recovery email failed'),
    })
    let standInKey: Promise<Buffer> | undefined
    const signIn = createSignInTokenService({
      users,
      tokens,
      rateLimiter,
      mailer: app.mailer,
      storeIdentity: app.storeIdentity,
      ceiling,
      // Read once; a failed read (the database away) is tried again by the next request.
      standInKey: () =>
        (standInKey ??= readStoreKey(database.db, 'sign-in-stand-in').catch((error: unknown) => {
          standInKey = undefined
          throw error
        })),
      createSessionFor: (user, client) => account.createSessionFor(user, client),
      onMailError: (error) => app.log.error({ err: error }, 'preparing or sending a sign-in email failed'),
    })
    const transport = createSessionTransport({
      projectId: config.projectId,
      origins: app.origins,
      secureCookies: config.publicOrigin?.startsWith('https:') ?? false,
    })
    const resolved = new WeakMap<FastifyRequest, Promise<Member | null>>()
    const authenticate = (request: FastifyRequest) => {
      let member = resolved.get(request)
      if (!member) {
        member = account.authenticate(readSessionCredentials(request, config.projectId))
        // A member's first request of a week counts them active (decision 065): a set lookup after that.
        void member.then(
          (found) => found && app.analytics.memberActive(found.user.id),
          () => undefined,
        )
        resolved.set(request, member)
      }
      return member
    }
    const mfa = createMfaService({
      db: database.db,
      rateLimiter,
      issuer: async () => 'Projects Gallery',
      sessionsChanged: (memberId) => sessionView.changed(memberId),
      now,
    })
    const models = { user: userModel, session: sessionModel }
    registerAccountRoutes(
      app,
      [
        ...accountRoutes(account, transport),
        ...mfaRoutes(mfa, models, config.adminMfa),
        ...recoveryRoutes(recovery, app.storeOrigin),
        ...signInTokenRoutes(signIn, transport, app.storeOrigin),
      ],
      authenticate,
    )
    // A session that still needs its second factor reaches these, and only these (issue 43).
    registerAccountRoutes(
      app,
      [...secondFactorRoutes(mfa, models), signOutRoute(account, transport, needsSecondFactor)],
      (request) => account.findSession(readSessionCredentials(request, config.projectId)),
    )
    const members = createMembersService({
      db: database.db,
      users,
      sessions,
      tokens,
      recovery,
      linkOrigin: () => app.storeOrigin.linkOrigin(),
      now,
    })
    const usersService = createUsersService({
      db: database.db,
      users,
      sessions,
      members,
      owner: createStoreOwnerReader(users, config.ownerEmail),
      now,
    })
    app.decorate('members', {
      authenticate,
      authenticateSession: (credentials) => account.authenticate(credentials),
      members,
      users: usersService,
      accountEmailCeiling: ceiling,
    })
    // Members inactive too long are warned by email, then blocked (INACTIVITY_BLOCK_DAYS; off when unset).
    const inactivityChecks =
      config.inactivityBlockDays === undefined
        ? null
        : startInactivityChecks({
            inactivity: createInactivityService({
              db: database.db,
              now,
              onEmailQueued: () => app.emailQueue.kick(),
            }),
            blockDays: config.inactivityBlockDays,
            onReport: (report) => app.log.info(report, 'inactivity check: members warned or blocked'),
            onError: (error) => app.log.error({ err: error }, 'the inactivity check failed'),
          })
    app.decorate('inactivityChecks', inactivityChecks)
    app.addHook('onClose', async () => inactivityChecks?.stop())
  },
  { name: 'members', dependencies: ['platform', 'mail', 'analytics'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    members: MembersWing
  }
}
