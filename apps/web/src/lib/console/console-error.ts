import { AppwriteException } from 'appwrite'
import type { TFunction } from 'i18next'

/** What went wrong, for the owner: the server's message when it sent one, else a generic line. */
export function consoleErrorText(error: unknown, t: TFunction): string {
  if (error instanceof AppwriteException && error.message) return error.message
  return t('console.errors.generic')
}

/** The Appwrite error type of a failed call, when the server sent one. */
export const consoleErrorType = (error: unknown): string | undefined =>
  error instanceof AppwriteException ? error.type : undefined
