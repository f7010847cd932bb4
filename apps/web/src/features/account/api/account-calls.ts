import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'

/**
 * The member's own account (issue 31), through the SDK's Account service: name, password, the language
 * of their emails (kept in `prefs`, beside what else the app keeps there) and their sessions.
 */
const backend = () => import('../../../lib/backend')

export const EMAIL_LANGUAGES = ['es', 'en'] as const
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number]

/** Not under `account`: a sign-out forgets every query but the account's, and these must go too. */
export const sessionsQueryKey = ['own-sessions'] as const
export const prefsQueryKey = ['own-prefs'] as const

const sessionSchema = z.object({
  $id: z.string(),
  $createdAt: z.string(),
  /** When it was last used (moved at most once an hour). */
  $updatedAt: z.string(),
  ip: z.string(),
  clientName: z.string(),
  current: z.boolean(),
})
export type OwnSession = z.infer<typeof sessionSchema>

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: async (): Promise<OwnSession[]> => {
      const { account } = await backend()
      const { sessions } = await account.listSessions()
      return z.array(sessionSchema).parse(sessions)
    },
  })

/** Whatever the prefs hold: only `emailLanguage` and `newsEmail` are read here, the rest kept as it is. */
const prefsSchema = z.record(z.string(), z.unknown())

export const prefsQueryOptions = () =>
  queryOptions({
    queryKey: prefsQueryKey,
    queryFn: async (): Promise<Record<string, unknown>> => {
      const { account } = await backend()
      return prefsSchema.parse(await account.getPrefs())
    },
  })

export const emailLanguageOf = (prefs: Record<string, unknown> | undefined, fallback: EmailLanguage) => {
  const chosen = prefs?.emailLanguage
  return chosen === 'es' || chosen === 'en' ? chosen : fallback
}

export async function updateName(name: string): Promise<void> {
  const { account } = await backend()
  await account.updateName({ name })
}

export async function updatePassword(input: { password: string; oldPassword: string }): Promise<void> {
  const { account } = await backend()
  await account.updatePassword(input)
}

/** Whether the member gets the weekly "what's new" email: on unless they turned it off (decision 064). */
export const newsEmailOf = (prefs: Record<string, unknown> | undefined) => prefs?.newsEmail !== false

/**
 * Sets the email language and the weekly email over the prefs as they are on the server now (Appwrite
 * replaces them whole), keeping the favourites and whatever else they hold.
 */
export async function updateEmailPreferences(chosen: {
  emailLanguage: EmailLanguage
  newsEmail: boolean
}): Promise<Record<string, unknown>> {
  const { account } = await backend()
  const current = prefsSchema.parse(await account.getPrefs())
  return prefsSchema.parse((await account.updatePrefs({ prefs: { ...current, ...chosen } })).prefs)
}

export async function deleteSession(sessionId: string): Promise<void> {
  const { account } = await backend()
  await account.deleteSession({ sessionId })
}

/** Signs out every other session, keeping this one (Appwrite's DELETE /account/sessions would end it too). */
export async function deleteOtherSessions(sessions: OwnSession[]): Promise<void> {
  for (const session of sessions.filter((one) => !one.current)) await deleteSession(session.$id)
}
