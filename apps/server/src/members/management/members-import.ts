import { inArray, sql } from 'drizzle-orm'
import type { MembersService, NotInvited } from '../account/members-service'
import type { Database } from '../../platform/db/client'
import { users } from '../../platform/db/schema'
import type { SentMembersFile } from './members-file'
import type { MailLanguage } from '../../mail/mail-language'
import type { MembersFileProblem, MemberToImport } from './members-file'

/** What a buyers' file does (or would do, in a dry run): the CLI's `users import` report, by row. */
export type MembersImportReport =
  | {
      valid: false
      /** The first problems (`PROBLEMS_SHOWN`), and how many there are in all. */
      problems: MembersFileProblem[]
      problemCount: number
    }
  | {
      valid: true
      /** New members (created, or to be created in a dry run), each invited to choose a password. */
      created: MemberToImport[]
      /** Emails that are members already: left as they are. */
      existing: MemberToImport[]
      /** Created, but their invitation could not be sent (`users invite` later). */
      notInvited: NotInvited[]
    }

/** Statements stay small: a file of 20,000 buyers asks in slices. */
const EMAILS_PER_STATEMENT = 1000

/**
 * The console's bulk invite: the same file reader and the same `importMembers` as the admin CLI's
 * `users import` (one transaction, all or nothing), with a dry run that only reads.
 */
export function createMembersImport({ db, members }: { db: Database; members: MembersService }) {
  /** The emails (lower case) of these that belong to a member already. */
  async function membersAmong(emails: string[]): Promise<Set<string>> {
    const found = new Set<string>()
    for (let start = 0; start < emails.length; start += EMAILS_PER_STATEMENT) {
      const slice = emails.slice(start, start + EMAILS_PER_STATEMENT).map((email) => email.toLowerCase())
      const rows = await db
        .select({ email: sql<string>`lower(${users.email})` })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, slice))
      for (const row of rows) found.add(row.email)
    }
    return found
  }

  return {
    /** A file the file worker read (decision 056). */
    async run(
      file: SentMembersFile,
      options: { dryRun: boolean; language: MailLanguage },
    ): Promise<MembersImportReport> {
      if (!file.ok) return { valid: false, problems: file.problems, problemCount: file.problemCount }
      if (!options.dryRun)
        return { valid: true, ...(await members.importMembers(file.members, options.language)) }
      const known = await membersAmong(file.members.map((member) => member.email))
      const isKnown = (member: MemberToImport) => known.has(member.email.toLowerCase())
      return {
        valid: true,
        created: file.members.filter((member) => !isKnown(member)),
        existing: file.members.filter(isKnown),
        notInvited: [],
      }
    },
  }
}

export type MembersImport = ReturnType<typeof createMembersImport>
