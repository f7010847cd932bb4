import { z } from 'zod'
import { OFFSITE_FAILURES } from './offsite-backups'

/**
 * What a line of the console's Settings page means (decision 066): a code with its values, which the
 * console says in its own language; the server's English sentence (`detail`) is for the admin CLI and
 * API clients. `value` beside it is what is safe to show as it is (an origin, an address, a file).
 */
export const readinessStateSchema = z.discriminatedUnion('text', [
  z.object({ text: z.literal('notSet') }),
  z.object({ text: z.literal('productsWebhookOff') }),
  z.object({ text: z.literal('notHttps') }),
  z.object({ text: z.literal('paymentsOk'), providers: z.array(z.string()) }),
  z.object({ text: z.literal('backupsLatest'), file: z.string() }),
  z.object({ text: z.literal('backupsNoneYet') }),
  z.object({ text: z.literal('backupsPostgres') }),
  // Off-site backups (issue 42): `at` is an ISO date, `reason` one of OFFSITE_FAILURES.
  z.object({ text: z.literal('offsiteNotSet') }),
  z.object({ text: z.literal('offsiteNoKey') }),
  z.object({ text: z.literal('offsiteNoneYet'), destination: z.string() }),
  z.object({ text: z.literal('offsiteLatest'), destination: z.string(), name: z.string(), at: z.string() }),
  // Two-step verification of the admins (issue 43): `required` is ADMIN_MFA.
  z.object({ text: z.literal('adminsWithoutMfa'), admins: z.array(z.string()), required: z.boolean() }),
  z.object({ text: z.literal('adminsMfaOk'), required: z.boolean() }),
  // Webhook endpoints (issue 44): those the store turned off after 3 days of failures, those failing now.
  z.object({ text: z.literal('webhooksOff'), urls: z.array(z.string()) }),
  z.object({ text: z.literal('webhooksFailing'), urls: z.array(z.string()) }),
  z.object({ text: z.literal('webhooksOk'), count: z.number() }),
  z.object({
    text: z.literal('offsiteFailing'),
    reason: z.enum(OFFSITE_FAILURES),
    attempts: z.number(),
    since: z.string(),
  }),
  z.object({ text: z.literal('fileMissing') }),
  z.object({ text: z.literal('fileNotAFile') }),
  z.object({ text: z.literal('fileUnreadable') }),
  z.object({ text: z.literal('newsEmailOk') }),
  z.object({ text: z.literal('newsEmailNoSmtp') }),
  // The store's ceiling on sign-in and recovery emails (issue 40): `since` is an ISO date.
  z.object({ text: z.literal('accountEmailsOk'), perHour: z.number() }),
  z.object({
    text: z.literal('accountEmailsHeld'),
    perHour: z.number(),
    held: z.number(),
    since: z.string(),
  }),
])
export type ReadinessState = z.infer<typeof readinessStateSchema>

export const READINESS_STATUSES = ['ok', 'missing', 'info'] as const
export type ReadinessStatus = (typeof READINESS_STATUSES)[number]

/** One line of `GET /v1/store/settings`: never a secret, only what is set or missing and what it means. */
export const readinessItemSchema = z.object({
  key: z.string(),
  status: z.enum(READINESS_STATUSES),
  /** In English: the value, or what is missing and what it means (the admin CLI prints it). */
  detail: z.string(),
  /** A value safe to show as it is, or null. */
  value: z.string().nullable(),
  /** What the line means, for the console to say in its language; null for a plain value. */
  state: readinessStateSchema.nullable(),
})
export type ReadinessItem = z.infer<typeof readinessItemSchema>
