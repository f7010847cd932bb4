import { emailSchema, labelSchema, nameSchema } from '@pg/shared/account'
import { ownCampaignSchema } from '@pg/shared/analytics'
import { catalogFileFormatSchema } from '@pg/shared/catalog-file'
import { ORDER_ACCESS, ORDER_STATUSES } from '@pg/shared/purchase'
import { z } from 'zod'
import { API_KEY_SCOPES, apiKeyNameSchema, WEBHOOK_EVENTS } from '@pg/shared/automations'
import { MAIL_LANGUAGES } from '../mail/mail-language'
import { MANUAL_PROVIDER, PROVIDER_NAMES } from '../selling/orders/order-event'
import { STORE_SETTING_KEYS, storeSettingValueSchemas } from '../selling/downloads/store-settings'

/** A member to find by email: any text; an unknown one is reported, not refused as malformed. */
const memberEmail = z.string().trim().min(1).max(254)
const language = z.enum(MAIL_LANGUAGES)
/** File contents travel with the request: the server never opens a path the CLI names. */
const fileContent = { fileName: z.string().max(4096), content: z.string() }
/** An order's id as `orders list` prints it: any text; an unknown one is reported, not refused as malformed. */
const orderId = z.string().trim().min(1).max(128)
export const ORDER_PROVIDERS = [...PROVIDER_NAMES, MANUAL_PROVIDER] as const
const settingKey = z.enum(STORE_SETTING_KEYS)
/** `settings set KEY VALUE`: the value checked as the store will read it (a bad one is bad input, exit 2). */
const settingsSet = z
  .object({ command: z.literal('settings set'), key: settingKey, value: z.string() })
  .superRefine(({ key, value }, context) => {
    const parsed = storeSettingValueSchemas[key].safeParse(value)
    if (!parsed.success)
      context.addIssue({ code: 'custom', message: `${key} ${parsed.error.issues[0]?.message}` })
  })

/**
 * What the admin CLI asks for, the same whether it runs the command itself or sends it to the running
 * server over the admin socket (decision 007): the server validates it again on arrival.
 */
export const adminRequestSchema = z.discriminatedUnion('command', [
  // Automations (issue 44): API keys and webhook endpoints, as the console's "Automatizaciones".
  z.object({
    command: z.literal('keys create'),
    name: apiKeyNameSchema,
    scopes: z.array(z.enum(API_KEY_SCOPES)).min(1),
    expires: z.iso.datetime({ offset: true }).optional(),
  }),
  z.object({ command: z.literal('keys list'), json: z.boolean() }),
  z.object({ command: z.literal('keys revoke'), name: apiKeyNameSchema }),
  z.object({
    command: z.literal('webhooks add'),
    url: z.string().max(2048),
    events: z.array(z.enum(WEBHOOK_EVENTS)).min(1),
  }),
  z.object({ command: z.literal('webhooks list'), json: z.boolean() }),
  z.object({ command: z.literal('webhooks remove'), url: z.string().max(2048) }),
  z.object({ command: z.literal('webhooks test'), url: z.string().max(2048) }),
  z.object({
    command: z.literal('users create'),
    email: emailSchema,
    name: nameSchema,
    password: z.string().optional(),
    invite: z.boolean(),
    language,
    labels: z.array(labelSchema).max(100),
  }),
  z.object({ command: z.literal('users list'), json: z.boolean() }),
  z.object({
    command: z.literal('users label'),
    action: z.enum(['add', 'remove']),
    email: memberEmail,
    label: labelSchema,
  }),
  z.object({ command: z.literal('users disable'), email: memberEmail }),
  z.object({ command: z.literal('users enable'), email: memberEmail }),
  z.object({ command: z.literal('users delete'), email: memberEmail }),
  z.object({ command: z.literal('users set-password'), email: memberEmail, password: z.string().optional() }),
  z.object({ command: z.literal('users sessions revoke'), email: memberEmail }),
  z.object({ command: z.literal('users mfa reset'), email: memberEmail }),
  z.object({ command: z.literal('users invite'), email: memberEmail, language }),
  z.object({ command: z.literal('users import'), ...fileContent, language }),
  z.object({
    command: z.literal('users inactive'),
    days: z.number().int().min(1).max(36_500),
    block: z.boolean(),
    dryRun: z.boolean(),
    json: z.boolean(),
  }),
  z.object({
    command: z.literal('orders list'),
    status: z.enum(ORDER_STATUSES).optional(),
    access: z.enum(ORDER_ACCESS).optional(),
    provider: z.enum(ORDER_PROVIDERS).optional(),
    json: z.boolean(),
  }),
  z.object({ command: z.literal('orders show'), id: orderId, json: z.boolean() }),
  z.object({
    command: z.literal('orders grant'),
    email: emailSchema,
    name: nameSchema,
    note: z.string().max(1000),
    language,
  }),
  z.object({ command: z.literal('orders grant-ignored'), id: orderId, email: emailSchema.optional() }),
  z.object({ command: z.literal('orders refund'), id: orderId }),
  z.object({ command: z.literal('orders export'), format: z.literal('csv') }),
  z.object({
    command: z.literal('catalog import'),
    ...fileContent,
    format: catalogFileFormatSchema.optional(),
    dryRun: z.boolean(),
  }),
  z.object({ command: z.literal('catalog export'), format: catalogFileFormatSchema }),
  z.object({ command: z.literal('catalog stats'), json: z.boolean() }),
  z.object({ command: z.literal('db migrate') }),
  /** `--upload`: encrypted to the owner's bucket too, done only once the object is whole there (issue 42). */
  z.object({ command: z.literal('db backup'), upload: z.boolean().default(false) }),
  /** Run by the CLI itself: the local backups, or the bucket's (`--remote`). */
  z.object({ command: z.literal('db backups list'), remote: z.boolean(), json: z.boolean() }),
  /**
   * Run by the CLI itself with the store stopped (decision 018): the server refuses it. A FILE, or a
   * backup in the bucket (`--remote NAME`, or `latest` for `--remote --latest`).
   */
  z
    .object({
      command: z.literal('db restore'),
      file: z.string().min(1).max(4096).optional(),
      remote: z.string().min(1).max(300).optional(),
    })
    .refine((request) => (request.file === undefined) !== (request.remote === undefined), {
      message: 'name a backup file, or --remote NAME, or --remote --latest (one of them)',
    }),
  /**
   * Run by the CLI itself (decision 045): a PostgreSQL URL (its password never printed) or a folder. The
   * server refuses it.
   */
  z.object({ command: z.literal('db copy-to'), target: z.string().trim().min(1).max(4096) }),
  z.object({
    command: z.literal('demo seed'),
    projects: z.number().int().min(1).max(1_000_000),
    seed: z.number().int(),
  }),
  z.object({ command: z.literal('settings show'), json: z.boolean() }),
  settingsSet,
  z.object({ command: z.literal('settings unset'), key: settingKey }),
  z.object({ command: z.literal('storefront export') }),
  z.object({ command: z.literal('storefront import'), ...fileContent, dryRun: z.boolean() }),
  z.object({ command: z.literal('analytics campaigns list'), json: z.boolean() }),
  z.object({ command: z.literal('analytics campaigns add'), campaign: ownCampaignSchema }),
  z.object({ command: z.literal('analytics campaigns remove'), campaign: ownCampaignSchema }),
])
export type AdminRequest = z.infer<typeof adminRequestSchema>

/** What a command answers: text for the terminal and the exit code (0 done, 1 refused or failed). */
export const adminResultSchema = z.object({
  exitCode: z.number().int(),
  stdout: z.string(),
  stderr: z.string(),
  /** A backup the command wrote in `DATA_DIR/backups`, for the CLI to move where the owner asked. */
  backupFile: z.string().optional(),
})
export type AdminResult = z.infer<typeof adminResultSchema>

export const done = (stdout: string): AdminResult => ({ exitCode: 0, stdout, stderr: '' })
export const refused = (stderr: string, stdout = ''): AdminResult => ({ exitCode: 1, stdout, stderr })

/** `--email: Invalid email address` for each problem of a request. */
export function describeRequestIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const [field] = issue.path
      const option =
        typeof field === 'string' ? `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ` : ''
      return `${option}${issue.message}\n`
    })
    .join('')
}
