import { ErrorMessage, said, say } from '../error-messages/error-message'
import type { Language } from '../error-messages/request-language'

/**
 * The Appwrite error types this server answers with and their HTTP status. The default message of each
 * is the catalogues' entry of the same name (error-messages/en.ts and es.ts).
 */
const errorStatuses = {
  general_unauthorized_scope: 401,
  general_argument_invalid: 400,
  general_query_invalid: 400,
  general_cursor_not_found: 400,
  general_route_not_found: 404,
  general_rate_limit_exceeded: 429,
  general_unknown_origin: 403,
  general_access_forbidden: 403,
  general_not_implemented: 405,
  general_unknown: 500,
  general_service_disabled: 503,
  project_not_found: 404,
  user_unauthorized: 401,
  user_invalid_credentials: 401,
  user_session_already_exists: 401,
  user_session_not_found: 404,
  user_blocked: 401,
  user_not_found: 404,
  user_already_exists: 409,
  user_invalid_token: 401,
  // Two-step verification (issue 43), as Appwrite names them.
  user_more_factors_required: 401,
  user_challenge_required: 401,
  user_authenticator_not_found: 404,
  user_authenticator_already_verified: 409,
  user_recovery_codes_already_exists: 409,
  user_password_mismatch: 400,
  database_not_found: 404,
  database_timeout: 408,
  collection_not_found: 404,
  document_not_found: 404,
  document_invalid_structure: 400,
  document_already_exists: 409,
  document_update_conflict: 409,
  // The store's own (README: Selling): not Appwrite's, worded as its messages are.
  order_not_found: 404,
  download_unavailable: 403,
  catalog_import_running: 409,
  members_import_running: 409,
  // The web build cannot draw the storefront's preview (no `.server/`), or this content fails to draw.
  storefront_preview_unavailable: 409,
} as const satisfies Record<string, number>

export type AppwriteErrorType = keyof typeof errorStatuses

export class AppwriteError extends Error {
  readonly type: AppwriteErrorType
  readonly status: number
  /** What the error says, in no language yet: said in the request's where it becomes an answer. */
  readonly said: ErrorMessage
  readonly headers: Record<string, string>
  /**
   * Fields the body carries beside Appwrite's four, such as why a member is blocked (`reason`), or what
   * the console shows under each field (`problems`): JSON values, whose messages are said in the request's
   * language with the rest.
   */
  readonly details: Record<string, unknown>

  /** `message` is the type's own unless given; `Error.message` is it in English (logs, the admin CLI). */
  constructor(
    type: AppwriteErrorType,
    message: ErrorMessage = said(type),
    headers: Record<string, string> = {},
    details: Record<string, unknown> = {},
  ) {
    super(say(message, 'en'))
    this.type = type
    this.status = errorStatuses[type]
    this.said = message
    this.headers = headers
    this.details = details
  }
}

/** `Param "x" is not optional.` and ``Invalid `x` param: …`` as Appwrite words them. */
export const missingParam = (name: string) =>
  new AppwriteError('general_argument_invalid', said('missingParam', { name }))

export const invalidParam = (name: string, reason: ErrorMessage) =>
  new AppwriteError('general_argument_invalid', said('invalidParam', { name, reason }))

export const invalidQuery = (reason: ErrorMessage) =>
  new AppwriteError('general_query_invalid', said('invalidQuery', { reason }))

export const APPWRITE_VERSION = '1.8.0'

/** A detail with every message in it said in one language; other values as they are. */
function sayDetail(value: unknown, language: Language, depth = 0): unknown {
  if (value instanceof ErrorMessage) return say(value, language)
  if (depth > 8 || typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map((item: unknown) => sayDetail(item, language, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name, sayDetail(item, language, depth + 1)]),
  )
}

/** The answer's body, its message in the language the request asks for (http/request-language.ts). */
export function errorBody(error: AppwriteError, language: Language) {
  return {
    ...Object.fromEntries(
      Object.entries(error.details).map(([name, value]) => [name, sayDetail(value, language)]),
    ),
    message: say(error.said, language),
    code: error.status,
    type: error.type,
    version: APPWRITE_VERSION,
  }
}
