import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../platform/db/client'
import { utcDay } from './daily-counts'

/**
 * A visitor of the day (decision 065), as Plausible tells them apart without cookies: the SHA-256 of the
 * day's random salt, their address and their browser's user agent, 128 bits as hex. The visitor estimate
 * counts these hashes; a buy click is counted when its visitor's hash is among the day's (decision 071).
 */
export const visitorHash = (salt: string, client: string) =>
  createHash('sha256').update(`${salt}\n${client}`).digest('hex').slice(0, 32)

/** A visitor as held in memory until the next write (a few seconds): never stored. */
export const visitorClient = (address: string, userAgent: string) => `${address}\n${userAgent}`

/**
 * The days' salts, in the database so that every instance hashes a visitor alike: made by the first
 * instance to need a day's, read by the others; asking for today's deletes the days before it with
 * their hashes, so nobody is recognised across days.
 */
export function createDaySalts(database: DatabaseHandle, now: () => Date) {
  let salts = new Map<string, Promise<string>>()
  return {
    of(day: string): Promise<string> {
      let salt = salts.get(day)
      if (!salt) {
        salt = readSalt(database, day, day === utcDay(now()))
        salt.catch(() => salts.delete(day))
        // Only today's (and a late write's yesterday) is ever asked for: the map keeps a few at most.
        salts = new Map([...salts].slice(-2))
        salts.set(day, salt)
      }
      return salt
    },
  }
}

export type DaySalts = ReturnType<typeof createDaySalts>

/** Today's salt (made when missing, and the days before it deleted with their hashes), or a past day's. */
async function readSalt(database: DatabaseHandle, day: string, today: boolean): Promise<string> {
  if (today) {
    await database.rows(sql`DELETE FROM analytics_salts WHERE day < ${day}::date`)
    await database.rows(sql`DELETE FROM analytics_visitors WHERE day < ${day}::date`)
  }
  await database.rows(sql`
    INSERT INTO analytics_salts (day, salt) VALUES (${day}::date, ${randomBytes(32).toString('base64')})
    ON CONFLICT (day) DO NOTHING`)
  const [row] = await database.rows(sql`SELECT salt FROM analytics_salts WHERE day = ${day}::date`)
  if (typeof row?.salt !== 'string') throw new Error(`The analytics salt of ${day} could not be kept`)
  return row.salt
}
