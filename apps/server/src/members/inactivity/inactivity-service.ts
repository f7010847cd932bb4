import type { Database } from '../../platform/db/client'
import { enqueueEmail } from '../../mail/email-queue'
import { INACTIVITY_WARNING_DAYS } from '../../mail/inactivity-warning-email'
import { endMemberAccess } from '../account/ended-access'
import { createInactivityRepository, type InactiveMember } from './inactivity-repository'

const DAY_MS = 86_400_000

export interface InactivityReport {
  warned: number
  blocked: number
  sessionsEnded: number
}

interface Dependencies {
  db: Database
  /** Called after a commit that queued warnings, so they go out now rather than at the next poll. */
  onEmailQueued?: () => void
  now?: () => Date
}

const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS)

/**
 * The legal terms' inactivity rule: a member inactive over a year is blocked (the owner reactivates
 * them with `users enable` after the $30 payment). The owner applies it with `users inactive --block`,
 * or the store does it daily when INACTIVITY_BLOCK_DAYS is set, warning each member 30 days before.
 */
export function createInactivityService({
  db,
  onEmailQueued = () => undefined,
  now = () => new Date(),
}: Dependencies) {
  /** Ends each member's access, in the caller's transaction: sign-in refused as `inactive`, sessions and links ended. */
  async function blockAll(tx: Database, members: InactiveMember[], at: Date) {
    const blocked: (InactiveMember & { sessionsEnded: number })[] = []
    for (const member of members) {
      blocked.push({ ...member, sessionsEnded: await endMemberAccess(tx, member.id, 'inactive', at) })
    }
    return blocked
  }

  return {
    /** Members with access and no activity for `days` days, longest inactive first. */
    list: (days: number) => createInactivityRepository(db).inactiveBefore(daysBefore(now(), days)),

    /** Blocks the members `list(days)` names, all in one transaction. */
    block: (days: number) =>
      db.transaction(async (tx) => {
        const at = now()
        const members = await createInactivityRepository(tx).inactiveBefore(daysBefore(at, days), {
          lock: true,
        })
        return blockAll(tx, members, at)
      }),

    /**
     * The automatic rule: members inactive `blockDays - 30` days are warned by email, once per spell of
     * inactivity (signing in clears the warning); members inactive `blockDays` days are blocked only once
     * their warning is 30 days old, so nobody is blocked unwarned. Null when another store process
     * sharing the database is checking at the same moment.
     */
    async enforce(blockDays: number): Promise<InactivityReport | null> {
      const at = now()
      const report = await db.transaction(async (tx) => {
        const repository = createInactivityRepository(tx)
        if (!(await repository.takeCheckTurn())) return null
        const warned = await repository.markWarned(daysBefore(at, blockDays - INACTIVITY_WARNING_DAYS), at)
        for (const member of warned) {
          await enqueueEmail(tx, {
            kind: 'inactivity-warning',
            userId: member.id,
            language: member.language === 'en' ? 'en' : 'es',
          })
        }
        const due = await repository.warnedBefore(
          daysBefore(at, blockDays),
          daysBefore(at, INACTIVITY_WARNING_DAYS),
        )
        const blocked = await blockAll(tx, due, at)
        return {
          warned: warned.length,
          blocked: blocked.length,
          sessionsEnded: blocked.reduce((total, member) => total + member.sessionsEnded, 0),
        }
      })
      if (report && report.warned > 0) onEmailQueued()
      return report
    },
  }
}

export type InactivityService = ReturnType<typeof createInactivityService>
