import { z } from 'zod/mini'
import { ID_PATTERN } from '@pg/shared/constants'

/** The spec's key: an array of project ids (seed-spec section 3). */
export const FAVORITES_KEY = 'favoriteProjects'
/** What this browser last agreed with the member's account: the base of the next merge. */
export const SYNCED_KEY = 'favoriteProjects.synced'

const idListSchema = z.array(z.string())
const syncedSchema = z.object({ memberId: z.string(), ids: idListSchema })

export interface SyncedFavorites {
  memberId: string
  ids: string[]
}

/** Project ids only, each once, in their first order; anything else in the list is dropped. */
export function cleanIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => ID_PATTERN.test(id)))]
}

/** Parses a stored or received id list; anything that is not a list of strings is an empty list. */
export function parseIds(value: unknown): string[] {
  const parsed = idListSchema.safeParse(value)
  return parsed.success ? cleanIds(parsed.data) : []
}

function readJson(key: string): unknown {
  const text = localStorage.getItem(key)
  return text === null ? null : JSON.parse(text)
}

/** The favourites in this browser; unreadable or corrupt storage is an empty list (and is logged). */
export function readFavorites(): string[] {
  try {
    const value = readJson(FAVORITES_KEY)
    if (value === null) return []
    const parsed = idListSchema.safeParse(value)
    if (!parsed.success) throw new Error(`${FAVORITES_KEY} is not a list of project ids`)
    return cleanIds(parsed.data)
  } catch (error) {
    console.error('Favorites read error', error)
    return []
  }
}

export function writeFavorites(ids: readonly string[]): void {
  try {
    localStorage.setItem(FAVORITES_KEY, JSON.stringify(ids))
  } catch (error) {
    console.error('Favorites write error', error)
  }
}

export function readSynced(): SyncedFavorites | null {
  try {
    const parsed = syncedSchema.safeParse(readJson(SYNCED_KEY))
    return parsed.success ? { memberId: parsed.data.memberId, ids: cleanIds(parsed.data.ids) } : null
  } catch {
    return null
  }
}

export function writeSynced(synced: SyncedFavorites): void {
  try {
    localStorage.setItem(SYNCED_KEY, JSON.stringify(synced))
  } catch (error) {
    console.error('Favorites write error', error)
  }
}
