import type { UserRepository } from '../../members/account/user-repository'
import type { DatabaseHandle } from '../../platform/db/client'
import { hashPassword } from '../../platform/security/password'
import { newReadablePassword } from '../../platform/security/secrets'
import { createCatalogRepository } from '../editing/catalog-repository'
import { generateDemoCatalog } from './demo-catalog'

export const DEMO_DEFAULT_EMAIL = 'demo@projects-gallery.local'

export async function seedDemoCatalog(
  database: DatabaseHandle,
  options: { projects?: number; seed?: number } = {},
) {
  const catalog = generateDemoCatalog(options)
  await createCatalogRepository(database.db).save(catalog)
  return catalog
}

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
