import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { completeMfaChallenge } from '../../../lib/mfa-challenge'

/**
 * Two-step verification (issue 43), through the SDK's Account service as Appwrite's MFA API: an
 * authenticator app (TOTP) as the second factor, and ten recovery codes for the day the phone is lost.
 */
const sdk = async () => {
  const [{ account }, { AuthenticatorType }] = await Promise.all([
    import('../../../lib/backend'),
    import('appwrite'),
  ])
  return { account, totp: AuthenticatorType.Totp }
}

/** Not under `account`: a sign-out forgets every query but the account's, and this must go too. */
export const factorsQueryKey = ['own-mfa-factors'] as const

/** Appwrite's MfaFactors model: which factors could prove a sign-in now. */
const factorsSchema = z.object({
  totp: z.boolean(),
  phone: z.boolean(),
  email: z.boolean(),
  recoveryCode: z.boolean(),
})
export type MfaFactors = z.infer<typeof factorsSchema>

export const factorsQueryOptions = () =>
  queryOptions({
    queryKey: factorsQueryKey,
    queryFn: async (): Promise<MfaFactors> => {
      const { account } = await sdk()
      return factorsSchema.parse(await account.listMFAFactors())
    },
  })

/** Appwrite's MfaType model: the new authenticator's secret and its `otpauth://` address for the QR code. */
const authenticatorSchema = z.object({
  secret: z.string().check(z.minLength(1)),
  uri: z.string().check(z.startsWith('otpauth://')),
})
export type NewAuthenticator = z.infer<typeof authenticatorSchema>

/** Appwrite's MfaRecoveryCodes model. */
const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).check(z.minLength(1)) })

/** Step 1: a new authenticator, not yet verified. */
export async function addAuthenticator(): Promise<NewAuthenticator> {
  const { account, totp } = await sdk()
  return authenticatorSchema.parse(await account.createMFAAuthenticator({ type: totp }))
}

/**
 * Step 2: the app's first code verifies the authenticator; then the recovery codes are made (shown
 * this once) and two-step verification is turned on.
 */
export async function turnOn(otp: string): Promise<string[]> {
  const { account, totp } = await sdk()
  await account.updateMFAAuthenticator({ type: totp, otp })
  const { recoveryCodes } = recoveryCodesSchema.parse(await account.createMFARecoveryCodes())
  await account.updateMFA({ mfa: true })
  return recoveryCodes
}

/**
 * An enrolment cut short after the authenticator was verified (the app is linked, verification is
 * off): a current code, then the recovery codes (new ones when some were made) and verification on.
 */
export async function finishTurningOn(input: { otp: string; hadRecoveryCodes: boolean }): Promise<string[]> {
  const { account } = await sdk()
  await completeMfaChallenge('totp', input.otp)
  const answer = input.hadRecoveryCodes
    ? await account.updateMFARecoveryCodes()
    : await account.createMFARecoveryCodes()
  const { recoveryCodes } = recoveryCodesSchema.parse(answer)
  await account.updateMFA({ mfa: true })
  return recoveryCodes
}

/** New recovery codes in place of the old ones, after a current code (the server asks for a recent challenge). */
export async function renewRecoveryCodes(otp: string): Promise<string[]> {
  const { account } = await sdk()
  await completeMfaChallenge('totp', otp)
  return recoveryCodesSchema.parse(await account.updateMFARecoveryCodes()).recoveryCodes
}

/** Turning it off takes a current code; the authenticator is removed with it. */
export async function turnOff(otp: string): Promise<void> {
  const { account, totp } = await sdk()
  await completeMfaChallenge('totp', otp)
  await account.updateMFA({ mfa: false })
  await account.deleteMFAAuthenticator({ type: totp })
}
