import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { orders } from '../../src/platform/db/schema'
import { newId } from '../../src/platform/security/secrets'

export const DAY_MS = 86_400_000
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS)

type OrderInsert = typeof orders.$inferInsert

/**
 * An order as a provider's webhook would leave it (paid an hour ago unless overridden); rows are written
 * directly, so these tests do not depend on how orders are received.
 */
export async function insertOrder(
  database: DatabaseHandle,
  overrides: Partial<OrderInsert> & Pick<OrderInsert, 'userId'>,
) {
  const id = newId()
  const [row] = await database.db
    .insert(orders)
    .values({
      id,
      provider: 'stripe',
      providerOrderId: `pi_${id}`,
      email: 'buyer@example.com',
      product: 'Projects Gallery: 700 apps',
      amount: 2700,
      currency: 'USD',
      status: 'paid',
      purchasedAt: new Date(Date.now() - 3_600_000),
      ...overrides,
    })
    .returning()
  if (!row) throw new Error('Insert returned no order')
  return row
}

/** A bundle of random bytes in a folder of its own (whose path no answer may reveal). */
export async function createBundle(options: { bytes?: number; name?: string } = {}) {
  const folder = await mkdtemp(path.join(tmpdir(), 'gallery-bundle-'))
  const file = path.join(folder, options.name ?? 'bundle-private-name.zip')
  const content = randomBytes(options.bytes ?? 300_000)
  await writeFile(file, content)
  return { folder, file, content, remove: () => rm(folder, { recursive: true, force: true }) }
}
