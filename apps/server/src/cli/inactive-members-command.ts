import { toAppwriteDate } from '../platform/appwrite/dates'
import type { InactiveMember } from '../members/inactivity/inactivity-repository'
import type { AdminContext } from './admin-context'
import { done, type AdminRequest, type AdminResult } from './admin-request'
import { counted, formatTable } from './text-table'

type InactiveRequest = Extract<AdminRequest, { command: 'users inactive' }>

const DAY_MS = 86_400_000

/** `users inactive`: lists the members inactive for `--days`, or blocks them (`--block`). */
export async function runInactiveCommand(
  { inactivity }: Pick<AdminContext, 'inactivity'>,
  request: InactiveRequest,
): Promise<AdminResult> {
  const now = Date.now()
  const describe = (member: InactiveMember) => ({
    id: member.id,
    email: member.email,
    name: member.name,
    accessedAt: toAppwriteDate(member.accessedAt),
    inactiveDays: Math.floor((now - member.accessedAt.getTime()) / DAY_MS),
    warnedAt: member.warnedAt ? toAppwriteDate(member.warnedAt) : null,
  })
  const table = (members: ReturnType<typeof describe>[]) =>
    formatTable([
      ['EMAIL', 'NAME', 'LAST ACTIVITY', 'DAYS', 'WARNED'],
      ...members.map((member) => [
        member.email,
        member.name,
        member.accessedAt.slice(0, 10),
        String(member.inactiveDays),
        member.warnedAt?.slice(0, 10) ?? '',
      ]),
    ])
  const none = `No member who can sign in has been inactive for more than ${request.days} days`

  if (!request.block || request.dryRun) {
    const members = (await inactivity.list(request.days)).map(describe)
    if (request.json) return done(`${JSON.stringify(members, null, 2)}\n`)
    if (members.length === 0) return done(`${none}.\n`)
    const summary = request.block
      ? `Dry run: ${counted(members.length, 'member')} would be blocked; nothing was changed.`
      : `${counted(members.length, 'member')} inactive for more than ${request.days} days (--block blocks them).`
    return done(`${table(members)}${summary}\n`)
  }

  const blocked = await inactivity.block(request.days)
  const members = blocked.map((member) => ({ ...describe(member), sessionsEnded: member.sessionsEnded }))
  if (request.json) return done(`${JSON.stringify(members, null, 2)}\n`)
  if (members.length === 0) return done(`${none}: nobody was blocked.\n`)
  const sessions = blocked.reduce((total, member) => total + member.sessionsEnded, 0)
  return done(
    `${table(members)}Blocked ${counted(members.length, 'member')} for inactivity; ` +
      `${counted(sessions, 'session')} ended. users enable EMAIL reactivates a member.\n`,
  )
}
