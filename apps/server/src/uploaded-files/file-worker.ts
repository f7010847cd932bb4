/**
 * The file worker (decision 056): a thread, started for one file and ended with it, that parses a
 * console route's JSON body and reads the file inside it (a catalogue, a buyers' CSV), so that parsing
 * 32 MB and checking every entry never holds up the server's main thread. It answers once, with plain
 * data: the file's valid entries and its first problems said in each language, or the API error the
 * body deserves. Its heap is gone when it ends.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { z } from 'zod'
import { catalogFileFormatSchema } from '@pg/shared/catalog-file'
import { AppwriteError } from '../platform/appwrite/errors'
import { optionalParam } from '../platform/appwrite/params'
import {
  detectCatalogFormat,
  PROBLEMS_SHOWN,
  readCatalogFile,
  type ReadCatalogFile,
} from '../catalogue/editing/catalog-file-reader'
import { said, say, type ErrorMessage } from '../platform/error-messages/error-message'
import { readFileUpload } from '../platform/http/file-upload'
import { MAIL_LANGUAGES } from '../mail/mail-language'
import { readMembersFile } from '../members/management/members-file'
import {
  ENTRIES_PER_PART,
  FILE_WORKER,
  type FileEntriesPart,
  type FileTask,
  type FileTaskAnswer,
  type FileTaskResults,
  type SentCatalogRead,
  type Spoken,
} from './file-worker-protocol'

const port = workerData === FILE_WORKER ? parentPort : null

const speak = (message: ErrorMessage): Spoken => ({ es: say(message, 'es'), en: say(message, 'en') })

/** The body as Fastify's JSON parser would give it: nothing for an empty one. */
function parseBody(body: Uint8Array | null): unknown {
  if (body === null || body.length === 0) return undefined
  try {
    return JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'))
  } catch {
    throw new AppwriteError('general_argument_invalid', said('bodyNotJson'))
  }
}

/** Sends a list of entries ahead of the answer, in parts (`ENTRIES_PER_PART`); the answer's list is empty. */
function sendAhead(list: FileEntriesPart['list'], entries: readonly unknown[]): [] {
  for (let start = 0; start < entries.length; start += ENTRIES_PER_PART)
    port?.postMessage({ kind: 'part', list, entries: entries.slice(start, start + ENTRIES_PER_PART) })
  return []
}

/**
 * A catalogue file as read, its problems said in each language; its entries go ahead in parts, and only
 * for a file without problems (one with problems imports nothing).
 */
function sendable({ file, problems }: ReadCatalogFile): SentCatalogRead {
  const valid = problems.count === 0
  return {
    file: {
      categories: valid ? sendAhead('categories', file.categories) : [],
      tags: valid ? sendAhead('tags', file.tags) : [],
      projects: valid ? sendAhead('projects', file.projects) : [],
      projectTags: valid ? sendAhead('projectTags', file.projectTags) : [],
    },
    problems: problems.shown.map(({ where, reason, said: message }) => ({
      where,
      reason,
      spoken: speak(message),
    })),
    problemCount: problems.count,
  }
}

function perform(task: FileTask): FileTaskResults[FileTask['kind']] {
  switch (task.kind) {
    case 'catalog upload': {
      const { params, fileName, content, dryRun } = readFileUpload(parseBody(task.body))
      const format =
        optionalParam(params, 'format', catalogFileFormatSchema, said('formatReason')) ??
        detectCatalogFormat(fileName, content)
      return { fileName, dryRun, format, read: sendable(readCatalogFile(content, format)) }
    }
    case 'catalog file':
      return sendable(readCatalogFile(task.content, task.format))
    case 'members upload': {
      // An empty file is the reader's problem to report, with its place, not a bad parameter.
      const { params, fileName, content, dryRun } = readFileUpload(parseBody(task.body), z.string())
      const language =
        optionalParam(params, 'language', z.enum(MAIL_LANGUAGES), said('languageReason')) ?? task.language
      const file = readMembersFile(content)
      return {
        fileName,
        dryRun,
        language,
        file: file.ok
          ? { ok: true, members: sendAhead('members', file.members) }
          : {
              ok: false,
              problems: file.problems.slice(0, PROBLEMS_SHOWN),
              problemCount: file.problems.length,
            },
      }
    }
  }
}

function answer(task: FileTask): FileTaskAnswer {
  try {
    return { kind: 'answer', ok: true, result: perform(task) }
  } catch (error) {
    // Anything else is a bug: thrown, the client hears it as the worker's error (a 500, logged).
    if (!(error instanceof AppwriteError)) throw error
    return { kind: 'answer', ok: false, error: { type: error.type, spoken: speak(error.said) } }
  }
}

// One task: its entries in parts, then one answer; with nothing left to listen to, the thread ends.
port?.once('message', (task: FileTask) => port.postMessage(answer(task)))
