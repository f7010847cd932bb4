import { emailSchema, nameSchema } from '@pg/shared/account'
import { CsvSyntaxError, parseCsv } from '../../platform/lib/csv'
import { said, say, type ErrorMessage } from '../../platform/error-messages/error-message'
import type { MailLanguage } from '../../mail/mail-language'
import type { MemberToImport } from '../account/member-to-import'

/**
 * What is wrong with a buyers' file: by row (the line, unless a quoted field holds line breaks), or for
 * broken CSV the line where the reader gave up.
 */
export type MembersFileProblem =
  | { kind: 'syntax'; line: number; reason: string; problem: CsvSyntaxError['problem'] }
  | { kind: 'columns'; row: number }
  | { kind: 'email'; row: number; value: string }
  | { kind: 'name'; row: number }
  | { kind: 'repeated'; row: number; email: string; firstRow: number }
  | { kind: 'empty'; row: null }

export type { MemberToImport }

export type MembersFile =
  { ok: true; members: MemberToImport[] } | { ok: false; problems: MembersFileProblem[] }

/**
 * The buyers' CSV of `users import` (README, "Buyers' CSV"): `email,name` per row, an optional header,
 * blank rows skipped. Read by the admin CLI and by the console's bulk invite alike; every row is checked,
 * and a file with any problem (or with nobody in it) gives the problems only.
 */
export function readMembersFile(content: string): MembersFile {
  let rows: string[][]
  try {
    rows = parseCsv(content)
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return {
        ok: false,
        problems: [{ kind: 'syntax', line: error.line, reason: error.message, problem: error.problem }],
      }
    throw error
  }
  const problems: MembersFileProblem[] = []
  const members: MemberToImport[] = []
  const firstRowOf = new Map<string, number>()
  rows.forEach((cells, index) => {
    const row = index + 1
    if (cells.every((cell) => cell.trim() === '')) return
    if (index === 0 && cells[0]?.trim().toLowerCase() === 'email') return
    const [rawEmail = '', rawName = '', ...extra] = cells
    const email = emailSchema.safeParse(rawEmail.trim())
    const name = nameSchema.safeParse(rawName.trim())
    if (extra.some((cell) => cell.trim() !== '')) problems.push({ kind: 'columns', row })
    else if (!email.success) problems.push({ kind: 'email', row, value: rawEmail })
    else if (!name.success) problems.push({ kind: 'name', row })
    else {
      const firstRow = firstRowOf.get(email.data.toLowerCase())
      if (firstRow) problems.push({ kind: 'repeated', row, email: email.data, firstRow })
      else {
        firstRowOf.set(email.data.toLowerCase(), row)
        members.push({ row, email: email.data, name: name.data })
      }
    }
  })
  if (problems.length > 0) return { ok: false, problems }
  if (members.length === 0) return { ok: false, problems: [{ kind: 'empty', row: null }] }
  return { ok: true, members }
}

/** A problem as the console's 400 says it, in the request's language: `row 3: "x" is not a valid email address`. */
export function membersFileProblemSaid(problem: MembersFileProblem): ErrorMessage {
  switch (problem.kind) {
    case 'syntax':
      return said('notValidCsv', {
        reason: said('csvSyntax', { line: problem.line, problem: problem.problem }),
      })
    case 'columns':
      return said('rowColumns', { row: problem.row })
    case 'email':
      return said('rowEmail', { row: problem.row, value: problem.value })
    case 'name':
      return said('rowName', { row: problem.row })
    case 'repeated':
      return said('rowRepeated', { row: problem.row, email: problem.email, firstRow: problem.firstRow })
    case 'empty':
      return said('noMembersToImport')
  }
}

/** A problem as the CLI prints it, and the console's dry run lists it (`message`): in English. */
export const describeMembersFileProblem = (problem: MembersFileProblem) =>
  say(membersFileProblemSaid(problem), 'en')

/** A problem as the console's dry run answers it: its fields and its `message`. */
export function membersFileProblemJson(problem: MembersFileProblem) {
  const message = describeMembersFileProblem(problem)
  if (problem.kind === 'syntax')
    return { kind: problem.kind, line: problem.line, reason: problem.reason, message }
  return { ...problem, message }
}

/**
 * Why a file creates nobody, one line a problem, as the CLI prints it:
 * `bad.csv: 2 invalid rows; nobody was created:` then `  row 3: …` per row.
 */
export function membersFileRefusal(fileName: string, problems: MembersFileProblem[]): string[] {
  const [first] = problems
  if (first && (first.kind === 'syntax' || first.kind === 'empty'))
    return [`${fileName}: ${describeMembersFileProblem(first)}`]
  const count = problems.length
  return [
    `${fileName}: ${count} invalid row${count === 1 ? '' : 's'}; nobody was created:`,
    ...problems.map((problem) => `  ${describeMembersFileProblem(problem)}`),
  ]
}

/** The console's 400 for such a file: the first 10 problems (of `count`), in the request's language. */
export function membersFileRefusalSaid(
  fileName: string,
  problems: MembersFileProblem[],
  count = problems.length,
): ErrorMessage {
  const [first] = problems
  if (first && (first.kind === 'syntax' || first.kind === 'empty'))
    return said('membersFileUnread', { fileName, problem: membersFileProblemSaid(first) })
  const shown = problems.slice(0, 10)
  return said('membersFileRefused', {
    fileName,
    count,
    problems: shown.map(membersFileProblemSaid),
    more: count - shown.length,
  })
}

export type SentMembersFile =
  | { ok: true; members: MemberToImport[] }
  | { ok: false; problems: MembersFileProblem[]; problemCount: number }

/** Who reads a members file for the console (the file worker, `uploaded-files/`: decision 056). */
export interface MembersFileReading {
  /** `POST /v1/store/members/import`'s body; `language` when it names none. */
  membersUpload(
    body: unknown,
    language: MailLanguage,
  ): Promise<{ fileName: string; dryRun: boolean; language: MailLanguage; file: SentMembersFile }>
}
