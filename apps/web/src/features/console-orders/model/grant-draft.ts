import { checkMemberFields, type MemberFieldProblem } from '../../../lib/console/member-fields'
import type { GrantInput } from '../api/orders-api'

/** The grant form as typed, and what is wrong with it, checked as the server checks it. */
export type GrantProblem = MemberFieldProblem | 'noteTooLong'
export type GrantErrors = Partial<Record<'email' | 'name' | 'note', GrantProblem>>

export const NOTE_MAX = 1000

export function checkGrant(draft: GrantInput): { input: GrantInput | null; errors: GrantErrors } {
  const member = checkMemberFields({ ...draft, note: draft.note.trim() })
  const errors: GrantErrors = { ...member.errors }
  if (draft.note.trim().length > NOTE_MAX) errors.note = 'noteTooLong'
  return { input: errors.note ? null : member.input, errors }
}
