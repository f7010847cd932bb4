import { API_KEY_SCOPES, apiKeyNameSchema, type ApiKeyScope, type NewApiKey } from '@pg/shared/automations'

export { API_KEY_SCOPES }

/** The new key form as typed: the expiry is the date field's `YYYY-MM-DD`, or empty. */
export interface KeyDraft {
  name: string
  scopes: ApiKeyScope[]
  expire: string
}

export type KeyDraftProblem =
  'nameRequired' | 'nameInvalid' | 'scopesRequired' | 'expireInvalid' | 'expirePast'

export const emptyKeyDraft = (): KeyDraft => ({ name: '', scopes: [], expire: '' })

/** A day as the date field writes it, in the owner's own time zone. */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

/** The end of a `YYYY-MM-DD` day in the owner's time zone (ISO), or null for no such day. */
function endOfDay(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return null
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const end = new Date(year, month - 1, date, 23, 59, 59, 999)
  // `new Date` rolls 2026-02-31 over to March: such a day is not one.
  if (end.getFullYear() !== year || end.getMonth() !== month - 1 || end.getDate() !== date) return null
  return end.toISOString()
}

/**
 * The draft checked as the server will check it (packages/shared/src/automations.ts), with each problem
 * named for its field; the expiry becomes the end of the chosen day, which may not have passed.
 */
export function checkKeyDraft(
  draft: KeyDraft,
  now = new Date(),
): { input: NewApiKey | null; errors: Partial<Record<keyof KeyDraft, KeyDraftProblem>> } {
  const errors: Partial<Record<keyof KeyDraft, KeyDraftProblem>> = {}
  const name = apiKeyNameSchema.safeParse(draft.name)
  if (draft.name.trim() === '') errors.name = 'nameRequired'
  else if (!name.success) errors.name = 'nameInvalid'
  if (draft.scopes.length === 0) errors.scopes = 'scopesRequired'
  const expire = draft.expire === '' ? null : endOfDay(draft.expire)
  if (draft.expire !== '' && expire === null) errors.expire = 'expireInvalid'
  else if (draft.expire !== '' && draft.expire < dayOf(now)) errors.expire = 'expirePast'
  if (!name.success || Object.keys(errors).length > 0) return { input: null, errors }
  // The scopes in the contract's order, whatever order they were ticked in.
  const scopes = API_KEY_SCOPES.filter((scope) => draft.scopes.includes(scope))
  return { input: { name: name.data, scopes, expire }, errors }
}
