import { ID } from 'appwrite'
import { z } from 'zod'
import { consoleRequest, pathPart } from '../../../lib/console/console-request'
import { memberListParams, type MemberFilter } from '../model/member-filter'

/** What the Members page reads of Appwrite's `User` model (decision 035), checked at this boundary. */
const memberSchema = z.object({
  $id: z.string(),
  $createdAt: z.string(),
  email: z.string(),
  name: z.string(),
  /** Appwrite's `status`: false when the member is disabled. */
  status: z.boolean(),
  labels: z.array(z.string()),
  /** Last activity: moves at most once an hour (decision 028). */
  accessedAt: z.string(),
})
export type ConsoleMember = z.infer<typeof memberSchema>

const memberPageSchema = z.object({ total: z.number().int(), users: z.array(memberSchema) })
export type MemberPage = z.infer<typeof memberPageSchema>

const activitySchema = z.object({
  members: z.array(z.object({ userId: z.string(), sessions: z.number().int(), orders: z.number().int() })),
})
export type MemberActivity = z.infer<typeof activitySchema>['members'][number]

const noContent = z.unknown()

/** Whom no admin may take the label from, disable or delete from the console (decision 058). */
const ownerSchema = z.object({
  owner: z
    .object({
      userId: z.string(),
      email: z.string(),
      /** `configured`: OWNER_EMAIL names them; `first_admin`: the first member given the admin label. */
      source: z.enum(['configured', 'first_admin']),
    })
    .nullable(),
})
export type StoreOwner = NonNullable<z.infer<typeof ownerSchema>['owner']>

export const getStoreOwner = async () => (await consoleRequest('GET', '/store/owner', ownerSchema)).owner

export const listMembers = (filter: MemberFilter) =>
  consoleRequest('GET', '/users', memberPageSchema, memberListParams(filter))

export const getMember = (userId: string) => consoleRequest('GET', `/users/${pathPart(userId)}`, memberSchema)

/** Live sessions and orders of the members shown (decision 042). */
export const memberActivity = (userIds: string[]) =>
  consoleRequest('GET', '/store/members/activity', activitySchema, { userIds })

/** A member without a password: the invitation that follows lets them choose one. */
export const createMember = (input: { email: string; name: string }) =>
  consoleRequest('POST', '/users', memberSchema, { userId: ID.unique(), ...input })

export const inviteMember = (userId: string, language: 'es' | 'en') =>
  consoleRequest('POST', `/store/members/${pathPart(userId)}/invitation`, noContent, { language })

/** Disabling ends every session and set-password link the member holds. */
export const setMemberStatus = (userId: string, status: boolean) =>
  consoleRequest('PATCH', `/users/${pathPart(userId)}/status`, memberSchema, { status })

export const setMemberLabels = (userId: string, labels: string[]) =>
  consoleRequest('PUT', `/users/${pathPart(userId)}/labels`, memberSchema, { labels })

export const signOutEverywhere = (userId: string) =>
  consoleRequest('DELETE', `/users/${pathPart(userId)}/sessions`, noContent)

export const deleteMember = (userId: string) =>
  consoleRequest('DELETE', `/users/${pathPart(userId)}`, noContent)

const rowSchema = z.object({ row: z.number().int(), email: z.string(), name: z.string() })
export type ImportRow = z.infer<typeof rowSchema>

/** A problem of a buyers' file, as the server's reader names it (decision 042). */
const problemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('syntax'), line: z.number().int(), message: z.string() }),
  z.object({ kind: z.literal('columns'), row: z.number().int(), message: z.string() }),
  z.object({ kind: z.literal('email'), row: z.number().int(), value: z.string(), message: z.string() }),
  z.object({ kind: z.literal('name'), row: z.number().int(), message: z.string() }),
  z.object({
    kind: z.literal('repeated'),
    row: z.number().int(),
    email: z.string(),
    firstRow: z.number().int(),
    message: z.string(),
  }),
  z.object({ kind: z.literal('empty'), row: z.null(), message: z.string() }),
])
export type ImportProblem = z.infer<typeof problemSchema>

const importReportSchema = z.object({
  valid: z.boolean(),
  applied: z.boolean(),
  created: z.array(rowSchema),
  existing: z.array(rowSchema),
  notInvited: z.array(rowSchema.extend({ reason: z.string() })),
  /** The first problems (100 at most: decision 056); `problemCount` counts them all. */
  problems: z.array(problemSchema),
  problemCount: z.number().int().nonnegative(),
})
export type ImportReport = z.infer<typeof importReportSchema>

/** The bulk invite: a dry run reports what the file would do; applying it is all or nothing. */
export const importMembers = (input: {
  fileName: string
  content: string
  dryRun: boolean
  language: 'es' | 'en'
}) => consoleRequest('POST', '/store/members/import', importReportSchema, { ...input })
