import { DrizzleQueryError } from 'drizzle-orm/errors'
import type { FastifyRequest } from 'fastify'

/** Named codes and database object names: they say what failed without carrying anyone's data. */
const KEPT_FIELDS = ['code', 'statusCode', 'constraint', 'table', 'column'] as const
const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g
const MAX_CAUSES = 3

/** A message may quote a recipient (SMTP refusals) or a value (`invalid input syntax: "…"`). */
const redacted = (message: string) => message.replace(EMAIL, '[email]')

interface SerializedError {
  type: string
  message: string
  stack: string
  [field: string]: unknown
}

/**
 * Errors as the log keeps them: type, message, SQL state and stack frames, and the same for their
 * causes. A failed query's parameters (session-secret hashes, prefs, emails) and the values PostgreSQL
 * quotes in `detail` are left out, and so is anything else an error happens to carry.
 */
export function serializeError(error: Error, depth = 0): SerializedError {
  const message =
    error instanceof DrizzleQueryError ? `Failed query: ${error.query}` : redacted(error.message)
  // The stack's first lines repeat the message (a failed query's parameters): keep the frames only.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  const serialized: SerializedError = {
    type: error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  }
  for (const field of KEPT_FIELDS) {
    const value: unknown = Reflect.get(error, field)
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value
  }
  if (depth < MAX_CAUSES) {
    if (error.cause instanceof Error) serialized.cause = serializeError(error.cause, depth + 1)
    else if (typeof error.cause === 'string') serialized.cause = redacted(error.cause)
  }
  return serialized
}

/**
 * A request as the log keeps it: the path without its query string (a reset link's secret travels
 * there) and without a download link's secret (`/downloads/<secret>`).
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url:
      request.routeOptions.url === '/downloads/:secret'
        ? '/downloads/[secret]'
        : request.url.split('?')[0]?.replace(/\/downloads\/[^/]+/gi, '/downloads/[secret]'),
    host: request.host,
    remoteAddress: request.ip,
  }
}
