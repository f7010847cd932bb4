import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import path from 'node:path'
import { errorCode } from '../../platform/lib/file-errors'

/** Why this process cannot deliver a file: it is not there, not a regular file, or not readable. */
export type DownloadFileProblem = 'missing' | 'not_a_file' | 'unreadable'

/**
 * Whether the process that asks can stream the file to a buyer: null when it can. Checked each time it
 * matters (the owner may replace the file while the store runs), never cached.
 */
export async function downloadFileProblem(file: string): Promise<DownloadFileProblem | null> {
  try {
    // A folder, a socket or a FIFO (which would block a reader) is no bundle to send.
    if (!(await stat(file)).isFile()) return 'not_a_file'
    await access(file, constants.R_OK)
    return null
  } catch (error) {
    const code = errorCode(error)
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'unreadable'
  }
}

export const DOWNLOAD_FILE_PROBLEMS: Record<DownloadFileProblem, string> = {
  missing: 'no such file',
  not_a_file: 'not a regular file',
  unreadable: 'not readable by the store’s user',
}

/** Archive endings kept whole: `bundle.tar.gz` downloads as `….tar.gz`, not `….gz`. */
const EXTENSION = /(\.tar)?\.[a-z0-9]{1,10}$/i

/**
 * The name a buyer's browser saves the bundle under: the product's, never the file's on the server
 * (which could say where the store keeps it). Only the ending is taken from the file.
 */
export function productFileName(file: string): string {
  const extension = EXTENSION.exec(path.basename(file))?.[0].toLowerCase() ?? ''
  return `projects-gallery-700-apps${extension}`
}
