import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { serverFiles } from '../../src/platform/server-files'
import { createTestDatabase } from '../support/test-database'

/**
 * Migration 0012 (decision 057) on a store that sold before it: members the owner let in become
 * "granted by the owner", members an order's webhook made do not, and those a refund locked out
 * although something else grants them access get it back.
 */
let database: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

/** The migration's data statements (its UPDATEs), run again on rows written as before it. */
async function migrateData() {
  const file = path.join(serverFiles.migrationsFolder, '0012_access_from_owner_orders_and_admins.sql')
  const statements = (await readFile(file, 'utf8'))
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^(--[^\n]*\n)*UPDATE/.test(statement))
  expect(statements).toHaveLength(3)
  for (const statement of statements) await database.rows(sql.raw(statement))
}

async function member(id: string, createdAt: string, extra: { labels?: string[]; blocked?: string } = {}) {
  await database.rows(sql`
    INSERT INTO users (id, email, password_hash, created_at, labels, blocked_reason)
    VALUES (${id}, ${`${id}@example.com`}, 'x', ${createdAt}::timestamptz,
            ${`{${(extra.labels ?? []).join(',')}}`}::text[], ${extra.blocked ?? null})`)
}

/** An order of `userId` whose one event was recorded at `eventAt` (an order's webhook writes both at once). */
async function order(id: string, userId: string, status: string, eventAt: string) {
  await database.rows(sql`
    INSERT INTO orders (id, provider, provider_order_id, user_id, email, status, notified_at)
    VALUES (${id}, 'stripe', ${`pi_${id}`}, ${userId}, ${`${userId}@example.com`}, ${status}, ${eventAt}::timestamptz)`)
  await database.rows(sql`
    INSERT INTO order_events (id, order_id, provider, event_id, type, status, occurred_at, created_at)
    VALUES (${`e-${id}`}, ${id}, 'stripe', ${`evt_${id}`}, 'checkout.session.completed', ${status},
            ${eventAt}::timestamptz, ${eventAt}::timestamptz)`)
}

it('tells the owner’s members from those orders made, and gives access back where something else grants it', async () => {
  await database.rows(sql`UPDATE users SET granted_by_owner = false`)
  // Created by the owner, later a buyer: their order's event came a day after them.
  await member('owner-made', '2026-01-01T10:00:00Z')
  await order('o-owner-made', 'owner-made', 'paid', '2026-01-02T10:00:00Z')
  // Made by a webhook: the member and the order's event in one transaction, at one instant.
  await member('order-made', '2026-01-03T10:00:00.123Z')
  await order('o-order-made', 'order-made', 'paid', '2026-01-03T10:00:00.123Z')
  // Locked out by a refund of an order someone paid with their email.
  await member('admin-victim', '2026-01-04T10:00:00Z', { labels: ['admin'], blocked: 'refunded' })
  await member('invited-victim', '2026-01-05T10:00:00Z', { blocked: 'disputed' })
  await order('o-invited-victim', 'invited-victim', 'disputed', '2026-01-06T10:00:00Z')
  // A buyer an order made, whose only order was refunded: still locked out.
  await member('refunded-buyer', '2026-01-07T10:00:00.456Z', { blocked: 'refunded' })
  await order('o-refunded-buyer', 'refunded-buyer', 'refunded', '2026-01-07T10:00:00.456Z')
  // Blocked for inactivity: the migration leaves that to the owner (`users enable`).
  await member('inactive', '2026-01-08T10:00:00Z', { blocked: 'inactive' })

  await migrateData()

  const users = await database.rows(sql`
    SELECT id, granted_by_owner, blocked_reason FROM users WHERE email LIKE '%@example.com' ORDER BY id`)
  expect(users).toEqual([
    { id: 'admin-victim', granted_by_owner: true, blocked_reason: null },
    { id: 'inactive', granted_by_owner: true, blocked_reason: 'inactive' },
    { id: 'invited-victim', granted_by_owner: true, blocked_reason: null },
    { id: 'order-made', granted_by_owner: false, blocked_reason: null },
    { id: 'owner-made', granted_by_owner: true, blocked_reason: null },
    { id: 'refunded-buyer', granted_by_owner: false, blocked_reason: 'refunded' },
  ])
  const orders = await database.rows(sql`SELECT id, access FROM orders ORDER BY id`)
  expect(orders).toEqual([
    { id: 'o-invited-victim', access: null },
    { id: 'o-order-made', access: 'granted' },
    { id: 'o-owner-made', access: 'granted' },
    { id: 'o-refunded-buyer', access: null },
  ])
})
