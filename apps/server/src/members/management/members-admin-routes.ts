import { z } from 'zod'
import { ID_PATTERN } from '@pg/shared/constants'
import type { Member } from '../account/account-service'
import { consoleActor } from '../../platform/http/admin-routes'
import { AppwriteError, invalidParam } from '../../platform/appwrite/errors'
import { said, say } from '../../platform/error-messages/error-message'
import { requestLanguage } from '../../platform/error-messages/request-language'
import { queryParams, requiredParam } from '../../platform/appwrite/params'
import { recordAuditEvent } from '../../platform/audit/audit-log'
import type { Database } from '../../platform/db/client'
import type { MembersFileReading } from './members-file'
import { oneApplyAtATime } from '../../platform/http/file-upload'
import type { RouteDefinition } from '../../platform/http/route-table'
import { requestedMailLanguage } from '../../mail/mail-language'
import type { MemberActivityReader } from '../inactivity/member-activity'
import { membersFileProblemJson, membersFileRefusalSaid } from './members-file'
import type { MembersImport } from './members-import'

/** A page of the members table is 25; a few pages at once at most. */
export const ACTIVITY_MAX_MEMBERS = 100
/** About 20,000 buyers of `email,name`; the server's other routes keep 256 KB. */
export const MEMBERS_FILE_BODY_LIMIT = 1024 * 1024

/** The audit event names the first members created; the count says how many there were. */
const AUDITED_EMAILS = 100
const USER_IDS_REASON = said('userIdsReason', { max: ACTIVITY_MAX_MEMBERS })

/**
 * The console's Members page beside Appwrite's Users service (decision 042): each member's live sessions
 * and orders, and the bulk invite of a buyers' CSV with its dry run, as `users import` does.
 */
export function membersAdminRoutes(
  activity: MemberActivityReader,
  membersImport: MembersImport,
  files: MembersFileReading,
  db: Database,
): RouteDefinition<Member>[] {
  const applies = oneApplyAtATime(() => new AppwriteError('members_import_running'))
  return [
    {
      method: 'GET',
      url: '/v1/store/members/activity',
      access: 'admin',
      handler: async ({ request }) => {
        const raw = queryParams(request).userIds
        const userIds = requiredParam(
          { userIds: typeof raw === 'string' ? [raw] : raw },
          'userIds',
          z.array(z.string().regex(ID_PATTERN)).min(1).max(ACTIVITY_MAX_MEMBERS),
          USER_IDS_REASON,
        )
        return { members: await activity.of([...new Set(userIds)]) }
      },
    },
    {
      method: 'POST',
      url: '/v1/store/members/import',
      access: 'admin',
      // Read as bytes; the body is parsed and the file read in the file worker.
      fileBodyLimit: MEMBERS_FILE_BODY_LIMIT,
      handler: async ({ request, member }) => {
        const applyOnce = applies.arrived()
        const { fileName, dryRun, language, file } = await files.membersUpload(
          request.body,
          requestedMailLanguage(request.headers),
        )
        return applyOnce(dryRun, async () => {
          const report = await membersImport.run(file, { dryRun, language })
          if (!report.valid) {
            if (!dryRun)
              throw invalidParam(
                'content',
                membersFileRefusalSaid(fileName, report.problems, report.problemCount),
              )
            return {
              valid: false,
              applied: false,
              created: [],
              existing: [],
              notInvited: [],
              problems: report.problems.map(membersFileProblemJson),
              problemCount: report.problemCount,
            }
          }
          if (!dryRun)
            await recordAuditEvent(db, consoleActor(member), {
              action: 'member.import',
              subject: fileName,
              after: {
                language,
                created: report.created.length,
                createdEmails: report.created.slice(0, AUDITED_EMAILS).map((created) => created.email),
                existing: report.existing.length,
                notInvited: report.notInvited.length,
              },
            })
          return {
            valid: true,
            applied: !dryRun,
            created: report.created,
            existing: report.existing,
            // Why, in the console's language (issue 34, section 3): the admin CLI keeps the English reason.
            notInvited: report.notInvited.map(({ member: notSent, said: why }) => ({
              ...notSent,
              reason: say(why, requestLanguage(request.headers)),
            })),
            problems: [],
            problemCount: 0,
          }
        })
      },
    },
  ]
}
