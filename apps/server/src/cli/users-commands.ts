import type { MemberToImport } from '../members/management/members-file'
import { toAppwriteDate } from '../platform/appwrite/dates'
import { membersFileRefusal, readMembersFile } from '../members/management/members-file'
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
    case 'users mfa reset': {
      const { user, sessionsEnded: count } = await members.resetMfa(request.email)
      return done(
        `Two-step verification reset for ${user.email}: off, its authenticator and recovery codes removed; ${sessionsEnded(count)}. They sign in with their password or a link and can turn it on again in My account.\n`,
      )
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
    /** Two-step verification on (issue 43). */
    mfa: user.mfa,
    sessions,
    createdAt: toAppwriteDate(user.createdAt),
    accessedAt: toAppwriteDate(user.accessedAt),
  }))
  if (json) return done(`${JSON.stringify(members, null, 2)}\n`)
  if (members.length === 0) return done('No members yet.\n')
  const table = formatTable([
    ['EMAIL', 'NAME', 'STATUS', 'LABELS', 'SESSIONS', 'CREATED', '2FA'],
    ...members.map((member) => [
      member.email,
      member.name,
      member.status,
      member.labels.join(', '),
      String(member.sessions),
      member.createdAt.slice(0, 10),
      member.mfa ? 'on' : 'off',
    ]),
  ])
  return done(`${table}${members.length} member${members.length === 1 ? '' : 's'}.\n`)
}

/** `email,name` per line, an optional header; all rows valid or nobody is created. */
async function importMembers(
  { members }: Pick<AdminContext, 'members'>,
  request: Extract<UsersRequest, { command: 'users import' }>,
): Promise<AdminResult> {
  const file = readMembersFile(request.content)
  if (!file.ok)
    return refused(
      membersFileRefusal(request.fileName, file.problems)
        .map((line) => `${line}\n`)
        .join(''),
    )
  const report = await members.importMembers(file.members, request.language)
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
