import { emailSchema, nameSchema } from '@pg/shared/account'

/** The new member form as typed, checked as the server checks it. */
export interface MemberDraft {
  email: string
  name: string
  /** The invitation's language: the member's, not necessarily the owner's. */
  language: 'es' | 'en'
}

export type MemberDraftProblem = 'invalidEmail' | 'nameTooLong'
export type MemberDraftErrors = Partial<Record<'email' | 'name', MemberDraftProblem>>

export function checkMemberDraft(draft: MemberDraft): {
  input: MemberDraft | null
  errors: MemberDraftErrors
} {
  const input = { ...draft, email: draft.email.trim(), name: draft.name.trim() }
  const errors: MemberDraftErrors = {}
  if (!emailSchema.safeParse(input.email).success) errors.email = 'invalidEmail'
  if (!nameSchema.safeParse(input.name).success) errors.name = 'nameTooLong'
  return { input: Object.keys(errors).length === 0 ? input : null, errors }
}
