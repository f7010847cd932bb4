import type { CatalogFileFormat } from '@pg/shared/catalog-file'
import type { AppwriteErrorType } from '../platform/appwrite/errors'
import type { CatalogFile } from '../catalogue/editing/catalog-file-reader'
import type { SentCatalogRead } from '../catalogue/editing/catalog-file-reading'
import type { MailLanguage } from '../mail/mail-language'
import type { MemberToImport, SentMembersFile } from '../members/management/members-file'
import type { SentFileProblem, Spoken } from '../platform/error-messages/spoken'

/** The file worker's `workerData`: its file does nothing when started as anything else. */
export const FILE_WORKER = 'projects-gallery:file-worker'

export type { SentCatalogRead, SentFileProblem, SentMembersFile, Spoken }

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

/**
 * How many entries one message carries. A file's valid entries cross in parts: receiving (deserializing)
 * 10,000 projects in one message held the main thread 150–340 ms on a busy two-core machine; a part of
 * 500 takes a few ms, and other requests are answered between parts.
 */
export const ENTRIES_PER_PART = 500

/** The lists of entries a file's result holds, sent ahead of the answer in parts. */
export interface FileEntries {
  categories: CatalogFile['categories']
  tags: CatalogFile['tags']
  projects: CatalogFile['projects']
  projectTags: CatalogFile['projectTags']
  members: MemberToImport[]
}

export type FileEntriesPart = {
  [L in keyof FileEntries]: { kind: 'part'; list: L; entries: FileEntries[L] }
}[keyof FileEntries]

/**
 * The worker's last message: its result, whose lists of entries are empty (they came in parts before
 * it), or the API error the body deserves (a missing `fileName`…).
 */
export type FileTaskAnswer<K extends FileTask['kind'] = FileTask['kind']> =
  | { kind: 'answer'; ok: true; result: FileTaskResults[K] }
  | { kind: 'answer'; ok: false; error: { type: AppwriteErrorType; spoken: Spoken } }

export type FromFileWorker<K extends FileTask['kind'] = FileTask['kind']> =
  FileEntriesPart | FileTaskAnswer<K>
