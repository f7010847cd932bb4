import { emailSchema, nameSchema } from '@pg/shared/account'
import type { GrantInput } from '../api/orders-api'

/** The grant form as typed, and what is wrong with it, checked as the server checks it. */
export type GrantProblem = 'invalidEmail' | 'nameTooLong' | 'noteTooLong'
export type GrantErrors = Partial<Record<'email' | 'name' | 'note', GrantProblem>>

export const NOTE_MAX = 1000

export function checkGrant(draft: GrantInput): { input: GrantInput | null; errors: GrantErrors } {
  const input = { ...draft, email: draft.email.trim(), name: draft.name.trim(), note: draft.note.trim() }
  const errors: GrantErrors = {}
  if (!emailSchema.safeParse(input.email).success) errors.email = 'invalidEmail'
  if (!nameSchema.safeParse(input.name).success) errors.name = 'nameTooLong'
  if (input.note.length > NOTE_MAX) errors.note = 'noteTooLong'
  return { input: Object.keys(errors).length === 0 ? input : null, errors }
}
