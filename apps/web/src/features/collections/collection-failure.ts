import { AppwriteException } from 'appwrite'

/**
 * What to tell a member when a change to a collection is refused: the server's own message, which it
 * words in the member's language (a limit, a name too long, a collection gone), or `fallback` when no
 * answer came (the connection) or the server failed.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof AppwriteException && error.code >= 400 && error.code < 500 && error.message)
    return error.message
  return fallback
}
