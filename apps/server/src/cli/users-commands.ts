import { emailSchema, nameSchema } from '@pg/shared/account'
import type { MemberToImport } from '../account/members-service'
import { toAppwriteDate } from '../appwrite/dates'
import { CsvSyntaxError, parseCsv } from '../catalog/csv'
import type { AdminContext } from './admin-context'
import { done, refused, type AdminRequest, type AdminResult } from './admin-request'
import { runInactiveCommand } from './inactive-members-command'
import { formatTable } from './text-table'

type UsersRequest = Extract<AdminRequest, { command: `users ${string}` }>

const sessionsEnded = (count: number) => `${count} session${count === 1 ? '' : 's'} ended`

export async function runUsersCommand(context: AdminContext, request: UsersRequest): Promise<AdminResult> {
  const { members } = context
  switch (request.command) {
    case 'users create': {
      const { user, generatedPassword } = await members.create(request)
      const labelled = user.labels.length > 0 ? `, labels: ${user.labels.join(', ')}` : ''
      const lines = [`Created member ${user.email} (id ${user.id}${labelled}).`]
      if (generatedPassword) lines.push(`Password (shown only this once): ${generatedPassword}`)
      if (request.invite) lines.push(`Invitation to choose a password emailed to ${user.email}.`)
      return done(`${lines.join('\n')}\n`)
    }
    case 'users list':
      return listMembers(await members.list(), request.json)
    case 'users label': {
      const present = request.action === 'add'
      const { user, changed } = await members.setLabel(request.email, request.label, present)
      const state = present ? 'has' : 'no longer has'
      const already = changed ? '' : ' (nothing changed)'
      return done(`${user.email} ${state} the label ${request.label}${already}.\n`)
    }
    case 'users disable': {
      const { user, sessionsEnded: count } = await members.disable(request.email)
      return done(`Disabled ${user.email}: they cannot sign in; ${sessionsEnded(count)}.\n`)
    }
    case 'users enable': {
      const user = await members.enable(request.email)
      const was = user.blockedReason ? ` (they were blocked: ${user.blockedReason})` : ''
      return done(`Enabled ${user.email}: they can sign in again${was}.\n`)
    }
    case 'users delete':
      return done(`Deleted ${(await members.delete(request.email)).email} and their sessions.\n`)
    case 'users set-password': {
      const {
        user,
        generatedPassword,
        sessionsEnded: count,
      } = await members.setPassword(request.email, request.password)
      const shown = generatedPassword ? `\nPassword (shown only this once): ${generatedPassword}` : ''
      return done(`New password set for ${user.email}; ${sessionsEnded(count)}.${shown}\n`)
    }
    case 'users sessions revoke': {
      const { user, sessionsEnded: count } = await members.revokeSessions(request.email)
      return done(`Signed ${user.email} out everywhere: ${sessionsEnded(count)}.\n`)
    }
    case 'users invite':
      return done(`Invitation emailed to ${(await members.invite(request.email, request.language)).email}.\n`)
    case 'users import':
      return importMembers({ members }, request)
    case 'users inactive':
      return runInactiveCommand(context, request)
  }
}

function listMembers(rows: Awaited<ReturnType<AdminContext['members']['list']>>, json: boolean): AdminResult {
  const members = rows.map(({ user, sessions }) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    // Enabled but without access: their purchase was refunded or disputed, or they were inactive too long.
    status: !user.enabled ? 'disabled' : user.blockedReason ? `blocked (${user.blockedReason})` : 'enabled',
    blockedReason: user.blockedReason,
    labels: user.labels,
    sessions,
    createdAt: toAppwriteDate(user.createdAt),
    accessedAt: toAppwriteDate(user.accessedAt),
  }))
  if (json) return done(`${JSON.stringify(members, null, 2)}\n`)
  if (members.length === 0) return done('No members yet.\n')
  const table = formatTable([
    ['EMAIL', 'NAME', 'STATUS', 'LABELS', 'SESSIONS', 'CREATED'],
    ...members.map((member) => [
      member.email,
      member.name,
      member.status,
      member.labels.join(', '),
      String(member.sessions),
      member.createdAt.slice(0, 10),
    ]),
  ])
  return done(`${table}${members.length} member${members.length === 1 ? '' : 's'}.\n`)
}

/** `email,name` per line, an optional header; all rows valid or nobody is created. */
async function importMembers(
  { members }: Pick<AdminContext, 'members'>,
  request: Extract<UsersRequest, { command: 'users import' }>,
): Promise<AdminResult> {
  let rows: string[][]
  try {
    rows = parseCsv(request.content)
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return refused(`${request.fileName}: not valid CSV: ${error.message}\n`)
    throw error
  }
  const invalid: string[] = []
  const valid: MemberToImport[] = []
  const firstRowOf = new Map<string, number>()
  rows.forEach((cells, index) => {
    const row = index + 1
    if (cells.every((cell) => cell.trim() === '')) return
    if (index === 0 && cells[0]?.trim().toLowerCase() === 'email') return
    const [rawEmail = '', rawName = '', ...extra] = cells
    const email = emailSchema.safeParse(rawEmail.trim())
    const name = nameSchema.safeParse(rawName.trim())
    if (extra.some((cell) => cell.trim() !== '')) invalid.push(`row ${row}: expected two columns, email,name`)
    else if (!email.success) invalid.push(`row ${row}: "${rawEmail}" is not a valid email address`)
    else if (!name.success) invalid.push(`row ${row}: the name is longer than 128 characters`)
    else {
      const earlier = firstRowOf.get(email.data.toLowerCase())
      if (earlier) invalid.push(`row ${row}: ${email.data} is already at row ${earlier}`)
      else {
        firstRowOf.set(email.data.toLowerCase(), row)
        valid.push({ row, email: email.data, name: name.data })
      }
    }
  })
  if (invalid.length > 0) {
    return refused(
      `${request.fileName}: ${invalid.length} invalid row${invalid.length === 1 ? '' : 's'}; nobody was created:\n` +
        invalid.map((line) => `  ${line}\n`).join(''),
    )
  }
  if (valid.length === 0) return refused(`${request.fileName}: no members to import.\n`)
  const report = await members.importMembers(valid, request.language)
  const section = (title: string, items: MemberToImport[]) =>
    `${title}: ${items.length}\n${items.map((item) => `  row ${item.row}: ${item.email}\n`).join('')}`
  const failed = report.notInvited.map(
    ({ member, reason }) => `  row ${member.row}: ${member.email}: ${reason}\n`,
  )
  const text =
    section('Created and invited', report.created) +
    section('Already members, left as they are', report.existing) +
    'Invalid rows: 0\n' +
    (failed.length > 0
      ? `Invitations that could not be sent (run users invite later): ${failed.length}\n${failed.join('')}`
      : '')
  return failed.length > 0 ? refused('', text) : done(text)
}
