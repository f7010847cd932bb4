import { emailSchema, nameSchema } from '@pg/shared/account'
import { catalogFileFormatSchema } from '@pg/shared/catalog-file'
import { z } from 'zod'
import { MAIL_LANGUAGES } from '../mail/mail-language'

/** A member to find by email: any text; an unknown one is reported, not refused as malformed. */
const memberEmail = z.string().trim().min(1).max(254)
const language = z.enum(MAIL_LANGUAGES)
/** File contents travel with the request: the server never opens a path the CLI names. */
const fileContent = { fileName: z.string().max(4096), content: z.string() }

/**
 * What the admin CLI asks for, the same whether it runs the command itself or sends it to the running
 * server over the admin socket (decision 007): the server validates it again on arrival.
 */
export const adminRequestSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('users create'),
    email: emailSchema,
    name: nameSchema,
    password: z.string().optional(),
    invite: z.boolean(),
    language,
  }),
  z.object({ command: z.literal('users list'), json: z.boolean() }),
  z.object({ command: z.literal('users disable'), email: memberEmail }),
  z.object({ command: z.literal('users enable'), email: memberEmail }),
  z.object({ command: z.literal('users delete'), email: memberEmail }),
  z.object({ command: z.literal('users set-password'), email: memberEmail, password: z.string().optional() }),
  z.object({ command: z.literal('users sessions revoke'), email: memberEmail }),
  z.object({ command: z.literal('users invite'), email: memberEmail, language }),
  z.object({ command: z.literal('users import'), ...fileContent, language }),
  z.object({
    command: z.literal('catalog import'),
    ...fileContent,
    format: catalogFileFormatSchema.optional(),
    dryRun: z.boolean(),
  }),
  z.object({ command: z.literal('catalog export'), format: catalogFileFormatSchema }),
  z.object({ command: z.literal('catalog stats'), json: z.boolean() }),
  z.object({ command: z.literal('db migrate') }),
  z.object({ command: z.literal('db backup') }),
  /** Run by the CLI itself with the store stopped (decision 018): the server refuses it. */
  z.object({ command: z.literal('db restore'), file: z.string().min(1).max(4096) }),
  z.object({
    command: z.literal('demo seed'),
    projects: z.number().int().min(1).max(1_000_000),
    seed: z.number().int(),
  }),
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
