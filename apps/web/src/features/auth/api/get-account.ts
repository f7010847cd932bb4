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
}

const memberSchema = z.object({
  $id: z.string(),
  name: z.string(),
  email: z.string(),
  labels: z.optional(z.array(z.string())),
})

export async function getAccount(): Promise<Member> {
  // The SDK is loaded on first use: a signed-out visitor's page never needs it (lib/session-hint.ts).
  const { account } = await import('../../../lib/backend')
  const user = memberSchema.parse(await account.get())
  return { id: user.$id, name: user.name, email: user.email, labels: user.labels ?? [] }
}

/** The current member, or null when signed out: a failed lookup means signed out (seed-spec section 4). */
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: accountQueryKey,
    queryFn: async (): Promise<Member | null> => {
      if (pageSaysSignedOut()) {
        console.log('Usuario no autenticado')
        return null
      }
      try {
        return await getAccount()
      } catch {
        console.log('Usuario no autenticado')
        return null
      }
    },
    staleTime: Infinity,
    retry: false,
  })
