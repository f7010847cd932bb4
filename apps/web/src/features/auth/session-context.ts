import { createContext, useContext } from 'react'
import type { Member } from './api/get-account'

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut'

export interface Session {
  user: Member | null
  status: SessionStatus
  /** True after the member signed out here: the caller navigates, guards must not redirect to /login. */
  signedOutByMember: boolean
  signIn: (email: string, password: string) => Promise<void>
  /** Signs in with an emailed link's secret or code (issue 31): Appwrite's `account.createSession`. */
  signInWithToken: (userId: string, secret: string) => Promise<void>
  /** Deletes the current session; on failure it throws and the member stays signed in. */
  signOut: () => Promise<void>
}

export const SessionContext = createContext<Session | null>(null)

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession must be used inside SessionProvider')
  return session
}
