import { createContext, useContext } from 'react'
import type { Member } from './api/get-account'

/** `secondFactor`: a session exists but waits for its second factor (issue 43); no page treats it as in. */
export type SessionStatus = 'loading' | 'signedIn' | 'signedOut' | 'secondFactor'

export interface Session {
  user: Member | null
  status: SessionStatus
  /** True after the member signed out here: the caller navigates, guards must not redirect to /login. */
  signedOutByMember: boolean
  /** Signs in with a password; for a member with two-step verification on, `status` becomes `secondFactor`. */
  signIn: (email: string, password: string) => Promise<void>
  /** Signs in with an emailed link's secret or code (issue 31): Appwrite's `account.createSession`. */
  signInWithToken: (userId: string, secret: string) => Promise<void>
  /** Reads the account again once the second factor is proved: the sign-in goes on as any other. */
  confirmSecondFactor: () => Promise<void>
  /** Deletes the current session; on failure it throws and the member stays signed in. */
  signOut: () => Promise<void>
}

export const SessionContext = createContext<Session | null>(null)

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession must be used inside SessionProvider')
  return session
}
