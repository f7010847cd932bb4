import { z } from 'zod'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants'

export { ADMIN_LABEL } from './constants'

export const emailSchema = z.email().max(254)
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH)
export const nameSchema = z.string().max(128)

/** A member's label, as Appwrite allows them (`labels` of a user): letters and digits, up to 36. */
export const labelSchema = z.string().regex(/^[a-zA-Z0-9]{1,36}$/, {
  message: 'A label is 1 to 36 letters (a–z, A–Z) and digits (0–9).',
})

/** Account preferences are a free-form JSON object; the web app keeps favourites in it. */
export const prefsSchema = z.record(z.string(), z.unknown())
export const PREFS_MAX_BYTES = 65_535
/** Levels of objects and lists (the favourites need 2): thousands break the database and JSON tools. */
export const PREFS_MAX_DEPTH = 32

const LONE_SURROGATE = /\p{Surrogate}/u

/**
 * Why a prefs object cannot be stored, or null: nested deeper than PREFS_MAX_DEPTH (`too_deep`), or
 * holding a string or key that is not well-formed Unicode (`not_unicode`: a lone surrogate such as
 * `"\ud800"`, which PostgreSQL's jsonb refuses). Walks without recursion, so no depth exhausts the stack.
 */
export function prefsProblem(prefs: Record<string, unknown>): 'too_deep' | 'not_unicode' | null {
  const pending: { value: unknown; depth: number }[] = [{ value: prefs, depth: 1 }]
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, depth } = item
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return 'not_unicode'
      continue
    }
    if (typeof value !== 'object' || value === null) continue
    if (depth > PREFS_MAX_DEPTH) return 'too_deep'
    for (const [key, child] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return 'not_unicode'
      pending.push({ value: child, depth: depth + 1 })
    }
  }
  return null
}
