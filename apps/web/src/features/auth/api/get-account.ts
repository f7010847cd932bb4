import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { accountQueryKey } from '../../../lib/account-query'
import { pageSaysSignedOut } from '../../../lib/session-hint'

/** The signed-in member as the app uses it; what the API sends is checked at this boundary. */
export interface Member {
  id: string
  name: string
  email: string
  /** Appwrite's user labels: `admin` opens the owner's console (issue 13). */
  labels: string[]
  /** Whether signing in asks for a second factor (Appwrite's `User.mfa`, issue 43). */
  mfa: boolean
}

/** A session made by a password or a link whose second factor is still to be proved (issue 43). */
export const SECOND_FACTOR = 'secondFactor'

/** Who the session is: a member, a sign-in waiting for its second factor, or nobody (null). */
export type AccountLookup = Member | typeof SECOND_FACTOR | null

const memberSchema = z.object({
  $id: z.string(),
  name: z.string(),
  email: z.string(),
  labels: z.optional(z.array(z.string())),
  mfa: z.optional(z.boolean()),
})

export async function getAccount(): Promise<Member> {
  // The SDK is loaded on first use: a signed-out visitor's page never needs it (lib/session-hint.ts).
  const { account } = await import('../../../lib/backend')
  const user = memberSchema.parse(await account.get())
  return {
    id: user.$id,
    name: user.name,
    email: user.email,
    labels: user.labels ?? [],
    mfa: user.mfa ?? false,
  }
}

/**
 * Whether a failed lookup is Appwrite's answer to a session that still needs its second factor. The
 * SDK is imported here, not at the top: it is loaded already (the lookup used it), and a visitor's
 * first page must not download it.
 */
async function needsSecondFactor(error: unknown): Promise<boolean> {
  const { AppwriteException } = await import('appwrite')
  return error instanceof AppwriteException && error.type === 'user_more_factors_required'
}

/** The account right after a session was made: the member, or the second factor still to prove. */
export async function lookUpAccount(): Promise<Member | typeof SECOND_FACTOR> {
  try {
    return await getAccount()
  } catch (error) {
    if (await needsSecondFactor(error)) return SECOND_FACTOR
    throw error
  }
}

/** The current member, or null when signed out: a failed lookup means signed out (seed-spec section 4). */
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: accountQueryKey,
    queryFn: async (): Promise<AccountLookup> => {
      if (pageSaysSignedOut()) {
        console.log('Usuario no autenticado')
        return null
      }
      try {
        return await getAccount()
      } catch (error) {
        // A page opened again halfway through signing in goes on to the second factor.
        if (await needsSecondFactor(error)) return SECOND_FACTOR
        console.log('Usuario no autenticado')
        return null
      }
    },
    staleTime: Infinity,
    retry: false,
  })
