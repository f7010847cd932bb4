import { and, desc, eq, gte, inArray, max, ne, sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../../platform/db/client'
import { searchesWithoutResults } from '../../platform/db/schema'
import { toAppwriteDate } from '../../platform/appwrite/dates'
import type { TermTally } from './search-tally'

const table = searchesWithoutResults
const INTEGER_MAX = 2_147_483_647
/** Any number, the same in every store process: the key of the lock held while a day's counts are added. */
const SEARCH_LOG_LOCK = 7_352_014
/**
 * A day's row for the searches whose term was not kept because the day already held its number of terms
 * (decision 058). No normalised term is empty, so this one cannot be a member's.
 */
export const OTHER_TERMS = ''

/** Searches counted without their term: how many, and when the last one was. */
export interface OtherSearches {
  count: number
  lastSearchedAt: number
}

export function createSearchLogRepository(database: DatabaseHandle) {
  return {
    /**
     * Adds one UTC day's counts: a term the day already has adds to its row; a new term gets a row while
     * the day holds fewer than `termsPerDay` terms (the most searched first), and otherwise adds to the
     * day's `OTHER_TERMS` row, with `others`. One store process at a time (the lock), so several
     * instances on one PostgreSQL never give a day more rows than that (decision 058).
     */
    async addDay(day: string, terms: TermTally[], others: OtherSearches, termsPerDay: number): Promise<void> {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEARCH_LOG_LOCK})`)
        const known =
          terms.length === 0
            ? []
            : await tx
                .select({ term: table.term })
                .from(table)
                .where(
                  and(
                    eq(table.day, day),
                    inArray(
                      table.term,
                      terms.map((tally) => tally.term),
                    ),
                  ),
                )
        const [stored] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(table)
          .where(and(eq(table.day, day), ne(table.term, OTHER_TERMS)))
        const kept = new Set(known.map((row) => row.term))
        let room = Math.max(0, termsPerDay - (stored?.count ?? 0))
        const rows: TermTally[] = []
        const other = { ...others }
        for (const tally of [...terms].sort((a, b) => b.count - a.count)) {
          if (kept.has(tally.term)) rows.push(tally)
          else if (room > 0) {
            rows.push(tally)
            room -= 1
          } else {
            other.count += tally.count
            other.lastSearchedAt = Math.max(other.lastSearchedAt, tally.lastSearchedAt)
          }
        }
        if (other.count > 0) rows.push({ term: OTHER_TERMS, ...other })
        if (rows.length === 0) return
        await tx
          .insert(table)
          .values(
            rows.map((tally) => ({
              day,
              term: tally.term,
              count: Math.min(tally.count, INTEGER_MAX),
              lastSearchedAt: new Date(tally.lastSearchedAt),
            })),
          )
          .onConflictDoUpdate({
            target: [table.day, table.term],
            set: {
              count: sql`least(${table.count}::bigint + excluded.count, ${INTEGER_MAX})`,
              lastSearchedAt: sql`greatest(${table.lastSearchedAt}, excluded.last_searched_at)`,
            },
          })
      })
    },

    /**
     * The terms searched most often without a result since `sinceDay` (a UTC `YYYY-MM-DD`), most first,
     * and how many searches were counted without their term over the same days.
     */
    async mostSearched(sinceDay: string, limit = 10) {
      const searches = sql<string>`sum(${table.count})`
      const last = max(table.lastSearchedAt)
      const [rows, [others]] = await Promise.all([
        database.db
          .select({ term: table.term, count: searches, lastSearchedAt: last })
          .from(table)
          .where(and(gte(table.day, sinceDay), ne(table.term, OTHER_TERMS)))
          .groupBy(table.term)
          .orderBy(desc(searches), desc(last), table.term)
          .limit(limit),
        database.db
          .select({ count: sql<string | null>`sum(${table.count})` })
          .from(table)
          .where(and(gte(table.day, sinceDay), eq(table.term, OTHER_TERMS))),
      ])
      return {
        // Every group has a latest time (the column is never null); the type of max() cannot say so.
        terms: rows.flatMap((row) =>
          row.lastSearchedAt
            ? [
                {
                  term: row.term,
                  count: Number(row.count),
                  lastSearchedAt: toAppwriteDate(row.lastSearchedAt),
                },
              ]
            : [],
        ),
        otherSearches: Number(others?.count ?? 0),
      }
    },
  }
}
