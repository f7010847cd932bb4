import { ADMIN_LABEL } from '@pg/shared/account'
import { createUserRepository } from '../../src/members/account/user-repository'
import { createMember, type TestMember } from './factories'
import { signIn } from './inject'
import type { TestServer } from './test-app'

/** Who calls the owner's console routes in tests: an admin and a member without the label, signed in. */
export async function signInConsoleCallers(server: TestServer, adminName?: string) {
  const admin = await createMember(server.database, adminName ? { name: adminName } : {})
  await createUserRepository(server.database.db).setLabels(admin.id, [ADMIN_LABEL])
  const member = await createMember(server.database)
  return {
    admin,
    adminCookie: (await signIn(server, admin)).cookie,
    member,
    memberCookie: (await signIn(server, member)).cookie,
  } satisfies { admin: TestMember; adminCookie: string; member: TestMember; memberCookie: string }
}
