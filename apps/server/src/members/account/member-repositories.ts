import type { Database } from '../../platform/db/client'
import { createSessionRepository, type SessionRepository } from './session-repository'
import { createTokenRepository, type TokenRepository } from './token-repository'
import { createUserRepository, type UserRepository } from './user-repository'

/**
 * The members' tables, each read and written through one repository that the composition (app.ts, the
 * admin CLI) creates once and hands to who needs it. A transaction's work makes its own over `tx`.
 */
export interface MemberRepositories {
  users: UserRepository
  sessions: SessionRepository
  tokens: TokenRepository
}

export function createMemberRepositories(db: Database): MemberRepositories {
  return {
    users: createUserRepository(db),
    sessions: createSessionRepository(db),
    tokens: createTokenRepository(db),
  }
}
