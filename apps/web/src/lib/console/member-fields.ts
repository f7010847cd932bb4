import { emailSchema, nameSchema } from '@pg/shared/account'
import type { Language } from '../language-preference'

/**
 * Who is about to become a member, as the owner types them: the new member form and the grant form
 * both ask for it (`users create --invite`, `orders grant`).
 */
export interface MemberFieldValues {
  email: string
  name: string
  /** The language of the email they get (invitation, welcome): the member's, not necessarily the owner's. */
  language: Language
}

export type MemberFieldProblem = 'invalidEmail' | 'nameTooLong'
export type MemberFieldErrors = Partial<Record<'email' | 'name', MemberFieldProblem>>

/** The draft trimmed when nothing is wrong with it, and what is wrong, checked as the server checks it. */
export function checkMemberFields<Draft extends MemberFieldValues>(
  draft: Draft,
): { input: Draft | null; errors: MemberFieldErrors } {
  const input = { ...draft, email: draft.email.trim(), name: draft.name.trim() }
  const errors: MemberFieldErrors = {}
  if (!emailSchema.safeParse(input.email).success) errors.email = 'invalidEmail'
  if (!nameSchema.safeParse(input.name).success) errors.name = 'nameTooLong'
  return { input: Object.keys(errors).length === 0 ? input : null, errors }
}
