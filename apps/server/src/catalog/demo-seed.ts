import { randomBytes } from 'node:crypto'
import type { UserRepository } from '../account/user-repository'
import type { DatabaseHandle } from '../db/client'
import { hashPassword } from '../security/password'
import { createCatalogRepository } from './catalog-repository'
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

/** A readable random password: 4 groups of 5 characters, about 100 bits. */
function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(20)
  const characters = [...bytes].map((byte) => alphabet[byte % alphabet.length])
  return [0, 5, 10, 15].map((start) => characters.slice(start, start + 5).join('')).join('-')
}

export async function createDemoMember(
  users: UserRepository,
  options: { email?: string; password?: string },
) {
  const email = options.email ?? DEMO_DEFAULT_EMAIL
  const password = options.password ?? randomPassword()
  await users.create({ email, name: 'Demo', passwordHash: await hashPassword(password) })
  return { email, password }
}
