import { useCallback, useMemo, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { accountQueryKey, isNotAccountQuery } from '../../lib/account-query'
import {
  accountQueryOptions,
  getAccount,
  lookUpAccount,
  SECOND_FACTOR,
  type AccountLookup,
} from './api/get-account'
import { SessionContext, type Session } from './session-context'

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const { data, isPending } = useQuery(accountQueryOptions())
  const [signedOutByMember, setSignedOutByMember] = useState(false)

  const signedInAs = useCallback(
    (found: AccountLookup) => {
      setSignedOutByMember(false)
      queryClient.setQueryData(accountQueryKey, found)
    },
    [queryClient],
  )

  const signIn = useCallback(
    async (email: string, password: string) => {
      const { account } = await import('../../lib/backend')
      await account.createEmailPasswordSession({ email, password })
      signedInAs(await lookUpAccount())
    },
    [signedInAs],
  )

  const signInWithToken = useCallback(
    async (userId: string, secret: string) => {
      const { account } = await import('../../lib/backend')
      await account.createSession({ userId, secret })
      signedInAs(await lookUpAccount())
    },
    [signedInAs],
  )

  const confirmSecondFactor = useCallback(async () => signedInAs(await getAccount()), [signedInAs])

  const signOut = useCallback(async () => {
    const { account } = await import('../../lib/backend')
    await account.deleteSession({ sessionId: 'current' })
    setSignedOutByMember(true)
    // Nothing read as this member may outlive the session.
    queryClient.removeQueries({ predicate: isNotAccountQuery })
    queryClient.setQueryData(accountQueryKey, null)
  }, [queryClient])

  const session = useMemo<Session>(() => {
    const user = data && data !== SECOND_FACTOR ? data : null
    const status = isPending
      ? 'loading'
      : data === SECOND_FACTOR
        ? 'secondFactor'
        : user
          ? 'signedIn'
          : 'signedOut'
    return { user, status, signedOutByMember, signIn, signInWithToken, confirmSecondFactor, signOut }
  }, [data, isPending, signedOutByMember, signIn, signInWithToken, confirmSecondFactor, signOut])

  return <SessionContext value={session}>{children}</SessionContext>
}
