/** The `code` of a Node.js system error (`ENOENT`, `EEXIST`…), or undefined for any other value. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined
}

/** A file or folder that is not there (ENOENT). */
export const isMissingFile = (error: unknown) => errorCode(error) === 'ENOENT'

/** Why a file could not be read, in the owner's words: "no such file", else the error as it is. */
export const unreadableReason = (error: unknown) => (isMissingFile(error) ? 'no such file' : String(error))
