import { z } from 'zod/mini'

/** A second factor a member proves with a code: their authenticator app's, or one of their recovery codes. */
export type CodeFactor = 'totp' | 'recoverycode'

/** Appwrite's MfaChallenge model: only its id is needed to answer it. */
const challengeSchema = z.object({ $id: z.string().check(z.minLength(1)) })

/**
 * Proves a factor with a code (issue 43): a challenge is created and answered at once, as Appwrite's
 * `POST` then `PUT /v1/account/mfa/challenges`. It completes a sign-in waiting for its second factor, and
 * is the "recent challenge" that turning two-step verification off or new recovery codes ask for.
 */
export async function completeMfaChallenge(factor: CodeFactor, otp: string): Promise<void> {
  const [{ account }, { AuthenticationFactor }] = await Promise.all([import('./backend'), import('appwrite')])
  const challenge = challengeSchema.parse(
    await account.createMFAChallenge({
      factor: factor === 'totp' ? AuthenticationFactor.Totp : AuthenticationFactor.Recoverycode,
    }),
  )
  await account.updateMFAChallenge({ challengeId: challenge.$id, otp })
}
