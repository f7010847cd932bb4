import { AppwriteException, AuthenticationFactor, AuthenticatorType } from 'appwrite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdminCli } from '../cli/admin-cli'
import { codeAt } from '../../src/members/mfa/totp-codes'
import { createMember, type TestMember } from '../support/factories'
import { SdkBrowser } from '../support/sdk-browser'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Two-step verification (issue 43) through the official SDK: enrol an authenticator app, recovery codes,
 * MFA on; a new sign-in is partial until a challenge is completed with a TOTP code or a recovery code;
 * replay refused; turning it off needs a recent challenge. Codes are made here as an app would.
 */
let server: TestServer
let member: TestMember

beforeAll(async () => {
  server = await startTestServer({ listen: true })
  member = await createMember(server.database, { name: 'Dueña' })
})
afterAll(() => server.close())

const signedIn = async () => {
  const browser = new SdkBrowser(server.url)
  await browser.account.createEmailPasswordSession({ email: member.email, password: member.password })
  return browser
}

const refusedWith = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppwriteException)
  return (error as AppwriteException).type
}

/** The code of the next time step: a step's code is taken once. */
const nextStepCode = (secret: string, steps = 1) => codeAt(secret, new Date(Date.now() + steps * 30_000))

describe('two-step verification on Appwrite’s MFA API', () => {
  let secret = ''
  let recoveryCodes: string[] = []

  it('enrols an authenticator app, makes recovery codes and turns MFA on', async () => {
    const browser = await signedIn()
    const authenticator = await browser.account.createMfaAuthenticator({ type: AuthenticatorType.Totp })
    expect(authenticator).toEqual({
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      uri: expect.stringMatching(/^otpauth:\/\/totp\//),
    })
    secret = authenticator.secret
    expect(
      await refusedWith(
        browser.account.updateMfaAuthenticator({ type: AuthenticatorType.Totp, otp: '000000' }),
      ),
    ).toBe('user_invalid_token')
    const user = await browser.account.updateMfaAuthenticator({
      type: AuthenticatorType.Totp,
      otp: codeAt(secret, new Date()),
    })
    expect(user).toMatchObject({ $id: member.id, mfa: false })
    const codes = await browser.account.createMfaRecoveryCodes()
    expect(codes.recoveryCodes).toHaveLength(10)
    recoveryCodes = codes.recoveryCodes
    expect(await browser.account.listMfaFactors()).toEqual({
      totp: true,
      phone: false,
      email: false,
      recoveryCode: true,
    })
    expect(await browser.account.updateMFA({ mfa: true })).toMatchObject({ mfa: true })
    // The secret is never shown again.
    expect(JSON.stringify(await browser.account.get())).not.toContain(secret)
  })

  it('signs in in two steps: the session is refused everywhere until a TOTP code completes it', async () => {
    const browser = await signedIn()
    expect(await refusedWith(browser.account.get())).toBe('user_more_factors_required')
    expect(await refusedWith(browser.account.getPrefs())).toBe('general_unauthorized_scope')
    expect(await browser.account.listMfaFactors()).toMatchObject({ totp: true })
    const challenge = await browser.account.createMfaChallenge({ factor: AuthenticationFactor.Totp })
    expect(challenge).toMatchObject({
      $id: expect.any(String),
      userId: member.id,
      expire: expect.any(String),
    })
    const code = nextStepCode(secret)
    const session = await browser.account.updateMfaChallenge({ challengeId: challenge.$id, otp: code })
    expect(session).toMatchObject({ userId: member.id, current: true })
    expect(session.mfaUpdatedAt).not.toBe('')
    expect(await browser.account.get()).toMatchObject({ $id: member.id, mfa: true })

    // The same code again, on another sign-in: refused (no replay).
    const other = await signedIn()
    const again = await other.account.createMfaChallenge({ factor: AuthenticationFactor.Totp })
    expect(await refusedWith(other.account.updateMfaChallenge({ challengeId: again.$id, otp: code }))).toBe(
      'user_invalid_token',
    )
  })

  it('lets a session at the code step sign out, and only itself', async () => {
    const browser = await signedIn()
    expect(await refusedWith(browser.account.deleteSessions())).toBe('general_unauthorized_scope')
    await browser.account.deleteSession({ sessionId: 'current' })
    expect(await refusedWith(browser.account.listMfaFactors())).toBe('general_unauthorized_scope')
  })

  it('takes a recovery code once', async () => {
    const browser = await signedIn()
    const challenge = await browser.account.createMfaChallenge({ factor: AuthenticationFactor.Recoverycode })
    await browser.account.updateMfaChallenge({ challengeId: challenge.$id, otp: recoveryCodes[0] ?? '' })
    expect(await browser.account.get()).toMatchObject({ $id: member.id })
    const other = await signedIn()
    const again = await other.account.createMfaChallenge({ factor: AuthenticationFactor.Recoverycode })
    expect(
      await refusedWith(
        other.account.updateMfaChallenge({ challengeId: again.$id, otp: recoveryCodes[0] ?? '' }),
      ),
    ).toBe('user_invalid_token')
  })

  it('is reset by the owner with the admin CLI (a lost phone and lost codes), audited', async () => {
    const cli = createAdminCli(server.database)
    const reset = await cli.run('users', 'mfa', 'reset', member.email)
    expect(reset.code, reset.err).toBe(0)
    expect(reset.out).toContain(`Two-step verification reset for ${member.email}`)
    expect((await cli.run('users', 'list')).out).toMatch(
      new RegExp(`${member.email}\\s+Dueña\\s+enabled\\s+\\d+\\s+\\S+\\s+off\\n`),
    )
    const browser = await signedIn()
    expect(await browser.account.get()).toMatchObject({ $id: member.id, mfa: false })
    expect(await browser.account.listMfaFactors()).toEqual({
      totp: false,
      phone: false,
      email: false,
      recoveryCode: false,
    })
    const [event] = await server.database.rows(
      sql`SELECT source, subject FROM audit_events WHERE action = 'users mfa reset'`,
    )
    expect(event).toEqual({ source: 'cli', subject: `users/${member.email}` })
  })
})
