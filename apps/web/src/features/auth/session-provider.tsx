import { useCallback, useMemo, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { accountQueryKey, isNotAccountQuery } from '../../lib/account-query'
import { accountQueryOptions, getAccount } from './api/get-account'
import { SessionContext, type Session } from './session-context'

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const { data: user, isPending } = useQuery(accountQueryOptions())
  const [signedOutByMember, setSignedOutByMember] = useState(false)

  const signIn = useCallback(
    async (email: string, password: string) => {
      const { account } = await import('../../lib/backend')
      await account.createEmailPasswordSession({ email, password })
      const member = await getAccount()
      setSignedOutByMember(false)
      queryClient.setQueryData(accountQueryKey, member)
    },
    [queryClient],
  )

  const signInWithToken = useCallback(
    async (userId: string, secret: string) => {
      const { account } = await import('../../lib/backend')
      await account.createSession({ userId, secret })
      const member = await getAccount()
      setSignedOutByMember(false)
      queryClient.setQueryData(accountQueryKey, member)
    },
    [queryClient],
  )

  const signOut = useCallback(async () => {
    const { account } = await import('../../lib/backend')
    await account.deleteSession({ sessionId: 'current' })
    setSignedOutByMember(true)
    // Nothing read as this member may outlive the session.
    queryClient.removeQueries({ predicate: isNotAccountQuery })
    queryClient.setQueryData(accountQueryKey, null)
  }, [queryClient])

  const session = useMemo<Session>(
    () => ({
      user: user ?? null,
      status: isPending ? 'loading' : user ? 'signedIn' : 'signedOut',
      signedOutByMember,
      signIn,
      signInWithToken,
      signOut,
    }),
    [user, isPending, signedOutByMember, signIn, signInWithToken, signOut],
  )

  return <SessionContext value={session}>{children}</SessionContext>
}
