import { hashPassword } from '../../platform/security/password'
import { newReadablePassword } from '../../platform/security/secrets'
import type { UserRepository } from '../account/user-repository'

export const DEMO_DEFAULT_EMAIL = 'demo@projects-gallery.local'

/** The demo store's member (`npm start`): granted by the owner, with the given or a new readable password. */
export async function createDemoMember(
  users: UserRepository,
  options: { email?: string; password?: string },
) {
  const email = options.email ?? DEMO_DEFAULT_EMAIL
  const password = options.password ?? newReadablePassword()
  await users.create({
    email,
    name: 'Demo',
    passwordHash: await hashPassword(password),
    grantedByOwner: true,
  })
  return { email, password }
}
