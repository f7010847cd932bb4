/** The Appwrite error types this server answers with, their HTTP status and default message. */
const errorTypes = {
  general_unauthorized_scope: [401, 'User (role: guests) missing scopes (["account"])'],
  general_argument_invalid: [400, 'Invalid argument.'],
  general_query_invalid: [400, 'Invalid query.'],
  general_cursor_not_found: [400, 'The cursor is invalid.'],
  general_route_not_found: [
    404,
    'The requested route was not found. Please refer to the API docs and try again.',
  ],
  general_rate_limit_exceeded: [
    429,
    'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
  ],
  general_unknown_origin: [
    403,
    'Invalid Origin. Register your new client as a new Web platform on your project console dashboard.',
  ],
  general_access_forbidden: [403, 'Access to this API is forbidden.'],
  general_not_implemented: [405, 'This method is not supported.'],
  general_unknown: [500, 'Server Error'],
  general_service_disabled: [
    503,
    'The requested service is disabled. You can enable the service from the Appwrite console.',
  ],
  project_not_found: [404, 'Project with the requested ID could not be found.'],
  user_unauthorized: [401, 'The current user is not authorized to perform the requested action.'],
  user_invalid_credentials: [401, 'Invalid credentials. Please check the email and password.'],
  user_session_already_exists: [401, 'Creation of a session is prohibited when a session is active.'],
  user_session_not_found: [404, 'The current user session could not be found.'],
  user_blocked: [401, 'The current user has been blocked.'],
  user_not_found: [404, 'User with the requested ID could not be found.'],
  user_already_exists: [409, 'A user with the same id, email, or phone already exists in this project.'],
  user_invalid_token: [401, 'Invalid token passed in the request.'],
  user_password_mismatch: [400, 'Passwords do not match. Please check the password and confirm password.'],
  database_not_found: [404, 'Database not found'],
  database_timeout: [408, 'Database timed out. Try adjusting your queries or adding an index.'],
  collection_not_found: [404, 'Collection with the requested ID could not be found.'],
  document_not_found: [404, 'Document with the requested ID could not be found.'],
  document_invalid_structure: [
    400,
    'The document structure is invalid. Please ensure the attributes match the collection definition.',
  ],
  document_already_exists: [
    409,
    'Document with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.',
  ],
  // The store's own (README: Selling): not Appwrite's, worded as its messages are.
  order_not_found: [404, 'Order with the requested ID could not be found.'],
  download_unavailable: [403, 'The download of this order is not available.'],
  catalog_import_running: [409, 'A catalogue import is already running; wait for it to finish.'],
  members_import_running: [409, 'A bulk invite is already running; wait for it to finish.'],
} as const satisfies Record<string, readonly [number, string]>

export type AppwriteErrorType = keyof typeof errorTypes

export class AppwriteError extends Error {
  readonly type: AppwriteErrorType
  readonly status: number
  readonly headers: Record<string, string>
  /** Fields the body carries beside Appwrite's four, such as why a member is blocked (`reason`). */
  readonly details: Record<string, string>

  constructor(
    type: AppwriteErrorType,
    message?: string,
    headers: Record<string, string> = {},
    details: Record<string, string> = {},
  ) {
    const [status, defaultMessage] = errorTypes[type]
    super(message ?? defaultMessage)
    this.type = type
    this.status = status
    this.headers = headers
    this.details = details
  }
}

/** `Param "x" is not optional.` and ``Invalid `x` param: …`` as Appwrite words them. */
export const missingParam = (name: string) =>
  new AppwriteError('general_argument_invalid', `Param "${name}" is not optional.`)

export const invalidParam = (name: string, reason: string) =>
  new AppwriteError('general_argument_invalid', `Invalid \`${name}\` param: ${reason}`)

export const invalidQuery = (reason: string) =>
  new AppwriteError('general_query_invalid', `Invalid query: ${reason}`)

export const APPWRITE_VERSION = '1.8.0'

export function errorBody(error: AppwriteError) {
  return {
    ...error.details,
    message: error.message,
    code: error.status,
    type: error.type,
    version: APPWRITE_VERSION,
  }
}
