import type { CatalogFileFormat } from '@pg/shared/catalog-file'
import type { AppwriteErrorType } from '../appwrite/errors'
import type { CatalogFile } from '../catalog/catalog-file-reader'
import type { Language } from '../http/request-language'
import type { MailLanguage } from '../mail/mail-language'
import type { MembersFileProblem, MemberToImport } from '../members/members-file'

/** The file worker's `workerData`: its file does nothing when started as anything else. */
export const FILE_WORKER = 'projects-gallery:file-worker'

/**
 * A message said in each language the API answers in. The worker says its messages before sending
 * them: what crosses to the main thread is plain data (structured clone), never a class's instance.
 */
export type Spoken = Record<Language, string>

export interface SentFileProblem {
  where: string
  /** In English, as the CLI prints it and the console's dry run lists it. */
  reason: string
  spoken: Spoken
}

/** A catalogue file as read: its valid entries, its first problems and how many there are. */
export interface SentCatalogRead {
  file: CatalogFile
  problems: SentFileProblem[]
  problemCount: number
}

export type SentMembersFile =
  | { ok: true; members: MemberToImport[] }
  | { ok: false; problems: MembersFileProblem[]; problemCount: number }

/**
 * What the worker is asked: a console route's JSON body (`fileName`, `content`, `dryRun`, …) as its
 * bytes, parsed and checked there, or a catalogue file's text (the admin CLI's `catalog import`).
 */
export type FileTask =
  | { kind: 'catalog upload'; body: Uint8Array | null }
  | { kind: 'catalog file'; content: string; format: CatalogFileFormat }
  | { kind: 'members upload'; body: Uint8Array | null; language: MailLanguage }

export interface FileTaskResults {
  'catalog upload': { fileName: string; dryRun: boolean; format: CatalogFileFormat; read: SentCatalogRead }
  'catalog file': SentCatalogRead
  'members upload': { fileName: string; dryRun: boolean; language: MailLanguage; file: SentMembersFile }
}

/** The worker's one answer: its result, or the API error the body deserves (a missing `fileName`…). */
export type FileTaskAnswer<K extends FileTask['kind'] = FileTask['kind']> =
  { ok: true; result: FileTaskResults[K] } | { ok: false; error: { type: AppwriteErrorType; spoken: Spoken } }
