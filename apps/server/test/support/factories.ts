import { randomBytes } from 'node:crypto'
import { createUserRepository } from '../../src/members/account/user-repository'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { hashPassword } from '../../src/platform/security/password'

export interface TestMember {
  id: string
  email: string
  password: string
  name: string
}

/** A member with a unique email and a known password; override what a test cares about. */
export async function createMember(
  database: DatabaseHandle,
  overrides: Partial<Omit<TestMember, 'id'>> = {},
): Promise<TestMember> {
  const suffix = randomBytes(4).toString('hex')
  const email = overrides.email ?? `member-${suffix}@example.com`
  const password = overrides.password ?? `correct horse ${suffix}`
  const name = overrides.name ?? `Member ${suffix}`
  const user = await createUserRepository(database.db).create({
    email,
    name,
    passwordHash: await hashPassword(password),
  })
  return { id: user.id, email, password, name }
}
