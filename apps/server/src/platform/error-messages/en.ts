import type { core } from 'zod'
import type { OrderStatus } from '@pg/shared/purchase'
import type { Phrase } from './phrase'

type CsvProblem = 'closing_quote' | 'never_closed' | 'opening_quote'
const CSV_PROBLEMS: Record<CsvProblem, string> = {
  closing_quote: 'a closing quote must end the field',
  never_closed: 'a quoted field is never closed',
  opening_quote: 'a field with a quote inside must be quoted, the quote written twice',
}
type DownloadFileProblem = 'missing' | 'not_a_file' | 'unreadable'

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ')

/**
 * Every message the API answers with, in English: Appwrite's own words for its error types and
 * parameters (as the SDKs and Appwrite's documentation know them), the store's in the same manner. The
 * reference catalogue: `es.ts` has each of its keys, and `AppwriteError.message` is always this one.
 */
export const en = {
  // The default message of each error type (appwrite/errors.ts), as Appwrite words them.
  general_unauthorized_scope: () => 'User (role: guests) missing scopes (["account"])',
  general_argument_invalid: () => 'Invalid argument.',
  general_query_invalid: () => 'Invalid query.',
  general_cursor_not_found: () => 'The cursor is invalid.',
  general_route_not_found: () =>
    'The requested route was not found. Please refer to the API docs and try again.',
  general_rate_limit_exceeded: () =>
    'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
  general_unknown_origin: () =>
    'Invalid Origin. Register your new client as a new Web platform on your project console dashboard.',
  general_access_forbidden: () => 'Access to this API is forbidden.',
  general_not_implemented: () => 'This method is not supported.',
  general_unknown: () => 'Server Error',
  general_service_disabled: () =>
    'The requested service is disabled. You can enable the service from the Appwrite console.',
  project_not_found: () => 'Project with the requested ID could not be found.',
  user_unauthorized: () => 'The current user is not authorized to perform the requested action.',
  user_invalid_credentials: () => 'Invalid credentials. Please check the email and password.',
  user_session_already_exists: () => 'Creation of a session is prohibited when a session is active.',
  user_session_not_found: () => 'The current user session could not be found.',
  user_blocked: () => 'The current user has been blocked.',
  user_not_found: () => 'User with the requested ID could not be found.',
  user_already_exists: () => 'A user with the same id, email, or phone already exists in this project.',
  user_invalid_token: () => 'Invalid token passed in the request.',
  user_more_factors_required: () =>
    'More factors are required to complete the sign in process: enter the code of your authenticator app, or a recovery code.',
  user_challenge_required: () =>
    'A recently successful challenge is required to complete this action: enter a current code first (a challenge counts for 5 minutes).',
  user_authenticator_not_found: () => 'No authenticator app is set up for this account.',
  user_authenticator_already_verified: () =>
    'An authenticator app is already set up for this account: remove it before adding another.',
  user_recovery_codes_already_exists: () =>
    'Recovery codes were already made for this account: make new ones to replace them.',
  user_password_mismatch: () => 'Passwords do not match. Please check the password and confirm password.',
  database_not_found: () => 'Database not found',
  database_timeout: () => 'Database timed out. Try adjusting your queries or adding an index.',
  collection_not_found: () => 'Collection with the requested ID could not be found.',
  document_not_found: () => 'Document with the requested ID could not be found.',
  document_invalid_structure: () =>
    'The document structure is invalid. Please ensure the attributes match the collection definition.',
  document_already_exists: () =>
    'Document with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.',
  document_update_conflict: () => 'Remote document is newer than local.',
  order_not_found: () => 'Order with the requested ID could not be found.',
  download_unavailable: () => 'The download of this order is not available.',
  catalog_import_running: () => 'A catalogue import is already running; wait for it to finish.',
  members_import_running: () => 'A bulk invite is already running; wait for it to finish.',
  storefront_preview_unavailable: () => 'The preview of the storefront cannot be drawn.',

  // The request itself.
  missingParam: ({ name }: { name: string }) => `Param "${name}" is not optional.`,
  invalidParam: ({ name, reason }: { name: string; reason: Phrase }) =>
    `Invalid \`${name}\` param: ${reason}`,
  invalidQuery: ({ reason }: { reason: Phrase }) => `Invalid query: ${reason}`,
  bodyNotObject: () => 'The request body must be a JSON object.',
  bodyTooLarge: () => 'The request body is too large.',
  bodyNotJsonType: () => 'The request body must be sent as application/json.',
  bodyNotJson: () => 'The request body is not valid JSON.',
  requestNotUnderstood: () => 'The request could not be understood.',
  databaseUnreachable: () =>
    'The database is not reachable at the moment. Please try again in a few seconds.',

  // Why a parameter is refused, as Appwrite's validators say it (the `reason` of invalidParam).
  noNulReason: () => 'Value must not contain NUL characters.',
  booleanReason: () => 'Value must be a valid boolean',
  otpReason: () => 'Value must be the 6-digit code of your authenticator app, or a recovery code',
  factorReason: () => 'Value must be one of totp, email, recoverycode',
  challengeIdReason: () => 'Value must be the $id of a challenge',
  authenticatorTypeReason: () => 'Value must be totp',
  newIdReason: () =>
    "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char",
  emailReason: () => 'Value must be a valid email address',
  passwordReason: () => 'Password must be between 8 and 256 characters long.',
  newPasswordReason: () =>
    'Password must be between 8 and 256 characters long and should not be one of the commonly used password.',
  nameReason: () => 'Value must be a valid string and no longer than 128 chars',
  objectReason: () => 'Value must be a valid object.',
  prefsSizeReason: ({ bytes }: { bytes: number }) =>
    `Value must be a valid object no longer than ${bytes} bytes.`,
  prefsDepthReason: ({ levels }: { levels: number }) =>
    `Value must not nest objects or lists more than ${levels} levels deep.`,
  unicodeReason: () => 'Value must hold only well-formed Unicode text (no lone surrogates).',
  urlReason: () => 'Value must be a valid URL',
  urlHostReason: ({ hosts }: { hosts: readonly string[] }) => `URL host must be one of: ${hosts.join(', ')}`,
  urlUserInfoReason: () => 'URL must not hold a user name or password',
  urlPathReason: ({ path }: { path: string }) =>
    `URL must be the store's page ${path}, with no query or fragment`,
  userIdReason: () => 'Value must be a valid user id',
  stringReason: () => 'Value must be a valid string',
  queriesReason: ({ items, chars }: { items: number; chars: number }) =>
    `Value must a valid array no longer than ${items} items and Value must be a valid string and at least 1 chars and no longer than ${chars} chars`,
  queryStringReason: ({ max, length }: { max: number; length: number }) =>
    `The query string must be at most ${max} characters long (it has ${length}).`,
  labelsReason: () =>
    'Value must a valid array no longer than 1000 items and Value must be a valid string of 1 to 36 letters (a–z, A–Z) and digits (0–9)',
  searchReason: () => 'Value must be a valid string and no longer than 256 chars',
  languageReason: () => 'Value must be one of es, en',
  oneOfReason: ({ values }: { values: readonly (string | number)[] }) =>
    `Value must be one of ${values.join(', ')}`,
  noteReason: () => 'Value must be at most 1000 chars',
  fileNameReason: () => 'Value must be a file name',
  fileTextReason: () => 'Value must be the file as text',
  formatReason: () => 'Value must be one of (json, csv)',
  userIdsReason: ({ max }: { max: number }) => `Value must a valid array of 1 to ${max} member ids`,
  jsonObjectReason: () => 'Value must be a valid JSON object',
  permissionsReason: ({ permissions }: { permissions: string }) =>
    `Catalogue documents are readable by signed-in members only; permissions may be omitted or ${permissions}.`,
  /** A value a schema refused: zod's words, or the schema's own (`must be an http(s) URL`). */
  schemaIssue: ({ issue }: { issue: core.$ZodIssue }) => issue.message,
  invalidValue: () => 'invalid',

  // List queries (the `reason` of invalidQuery).
  queryNotObject: () => 'Query must be a JSON object with a method.',
  queryMethodMissing: () => 'Query method is missing.',
  queryMethodInvalid: () => 'Query method is not valid.',
  queryAttributeNotText: ({ method }: { method: string }) => `Attribute of "${method}" must be a string.`,
  queryAttributeTooLong: () => 'Attribute name is too long.',
  queryValuesNotList: ({ method }: { method: string }) => `Values of "${method}" must be an array.`,
  queryTooDeep: ({ levels }: { levels: number }) => `Queries can be nested at most ${levels} levels deep.`,
  queryGroupTooSmall: ({ method }: { method: string }) => `"${method}" queries require at least two queries.`,
  queryGroupTooLarge: ({ method }: { method: string }) => `"${method}" holds too many queries.`,
  queryGroupNotFilter: ({ method, inner }: { method: string; inner: string }) =>
    `"${method}" queries can only contain filter queries, not "${inner}".`,
  queryMethodUnknown: ({ method }: { method: string }) => `Invalid query method: ${method}`,
  queryAttributeRequired: ({ method }: { method: string }) => `Attribute is required for "${method}".`,
  queryValueCount: ({ method, min, max }: { method: string; min: number; max: number }) =>
    `"${method}" takes ${min === max ? `exactly ${min}` : `between ${min} and ${max}`} value${max === 1 ? '' : 's'}.`,
  queryValuesNotScalar: ({ method }: { method: string }) =>
    `Values of "${method}" must be strings, numbers or booleans.`,
  queryOneInteger: ({ method }: { method: string }) => `"${method}" takes one integer value.`,
  queryRange: ({ method, min, max }: { method: string; min: number; max: number }) =>
    `Invalid ${method} param: Value must be a valid range between ${min} and ${max}`,
  querySyntax: () =>
    'Syntax error: each query must be a JSON string such as {"method":"limit","values":[20]}.',
  queryNul: () => 'Query values must not contain NUL characters.',
  dayRangeReason: ({ earliest, latest }: { earliest: string; latest: string }) =>
    `Value must be a day from ${earliest} to ${latest}.`,
  queryOnce: ({ method }: { method: string }) => `Only one "${method}" query is allowed.`,
  queryNotAllowed: ({ method, allowed }: { method: string; allowed: readonly string[] }) =>
    `"${method}" is not allowed here; only ${allowed.join(', ')}.`,
  selectCount: () => '"select" takes between 1 and 100 attribute names.',
  selectNames: () => '"select" values must be attribute names.',
  orderCount: () => 'At most 10 order queries are allowed.',
  cursorValue: ({ method }: { method: string }) => `"${method}" takes one document id.`,
  cursorDocumentNotFound: ({ id }: { id: string }) => `Cursor document "${id}" not found.`,
  attributeNotFound: ({ key }: { key: string }) => `Attribute not found in schema: ${key}`,
  attributeNotOrderable: ({ key, indexed }: { key: string; indexed: readonly string[] }) =>
    `Cannot order by attribute "${key}": ordering needs an index, which this collection has on ${indexed.join(', ')}.`,
  attributeWithoutTextIndex: ({
    method,
    key,
    indexed,
  }: {
    method: string
    key: string
    indexed: readonly string[]
  }) =>
    `Cannot apply "${method}" to attribute "${key}": text matching needs a text index, which ` +
    (indexed.length > 0
      ? `this collection has on ${indexed.join(', ')}.`
      : 'this collection has on no attribute.'),
  attributeNotText: ({ method, key }: { method: string; key: string }) =>
    `Cannot apply "${method}" to attribute "${key}": it is not a text attribute.`,
  queryValueInvalid: ({ key }: { key: string }) => `Query value is invalid for attribute "${key}".`,
  tooManyValues: ({ limit, attribute }: { limit: number; attribute: string }) =>
    `Too many filter values: a request may compare at most ${limit} values in all its queries, and "${attribute}" goes past that.`,
  tooManyTextTerms: ({ limit, attribute }: { limit: number; attribute: string }) =>
    `Too many text terms: a request may match at most ${limit} text terms in all its queries, and "${attribute}" goes past that.`,
  cannotSelect: ({ names }: { names: readonly string[] }) => `Cannot select attributes: ${names.join(', ')}`,
  textSearchOrder: ({ attribute }: { attribute: string }) =>
    `A search on "${attribute}" is ordered by relevance, or by one of $createdAt, title or $sequence (then $sequence).`,
  textSearchTopLevel: ({ attribute }: { attribute: string }) =>
    `"${attribute}" can only be searched by a top-level "search" query, not inside "or" or "and".`,
  textSearchOnly: ({ attribute, method }: { attribute: string; method: string }) =>
    `"${attribute}" takes only "search" queries; "${method}" is not one.`,
  textSearchAlone: ({ attribute }: { attribute: string }) =>
    `A search on "${attribute}" cannot be combined with other filters.`,
  textSearchText: ({ attribute }: { attribute: string }) => `A search on "${attribute}" takes text.`,
  textValues: ({ attribute }: { attribute: string }) => `"${attribute}" is compared with text values.`,
  takesEqual: ({ attribute }: { attribute: string }) => `"${attribute}" takes equal.`,
  methodNotApplicable: ({ method, attribute }: { method: string; attribute: string }) =>
    `"${method}" does not apply to "${attribute}".`,
  membersWithoutGroups: () => 'Members are filtered with equal, notEqual and contains only.',
  membersStatus: () => '"status" takes equal with one value, true or false.',
  membersLabels: () => '"labels" takes contains with the labels wanted.',
  membersNotFilterable: ({ attribute, allowed }: { attribute: string; allowed: readonly string[] }) =>
    `Members cannot be filtered by "${attribute}"; only by ${allowed.join(', ')}.`,
  membersNotOrderable: ({ attribute, allowed }: { attribute: string; allowed: readonly string[] }) =>
    `Members cannot be ordered by "${attribute}"; only by ${allowed.join(', ')}.`,
  membersCursorOrder: () => 'A cursor pages members in $createdAt order; use offset with other orders.',
  memberCursorNotFound: ({ id }: { id: string }) => `Member "${id}" for the cursor was not found.`,
  auditWithoutGroups: () => 'Audit events are filtered without or/and.',
  auditDate: () => '"$createdAt" is compared with one ISO 8601 date.',
  auditDateMethods: () => '"$createdAt" takes greaterThanEqual and lessThan.',
  auditNotFilterable: ({ attribute, allowed }: { attribute: string; allowed: readonly string[] }) =>
    `Audit events cannot be filtered by "${attribute}"; only by ${allowed.join(', ')}.`,
  auditOrder: () => 'Audit events are ordered by $createdAt only.',
  auditCursor: ({ id }: { id: string }) => `The cursor "${id}" is not an audit event.`,

  // Accounts and members.
  signUpDisabled: () => 'Sign-up is disabled: members are created by the store owner.',
  oldPasswordInvalid: () => 'Invalid credentials. Please check the old password.',
  blockedRefunded: () =>
    'The purchase of this account was refunded, so its access has ended. Contact support for help.',
  blockedDisputed: () =>
    'The payment of this account is disputed, so its access is paused. Contact support for help.',
  blockedInactive: () =>
    'This account was blocked after a year without activity. Contact support to reactivate it.',
  recoveryDisabled: () =>
    'Password recovery is disabled: the store has no PUBLIC_ORIGIN to build its links from. Please contact the store.',
  signInLinkDisabled: () =>
    'Signing in with an emailed link or code is disabled: the store has no PUBLIC_ORIGIN to build its links from. Please contact the store.',
  accountEmailsFromAddress: ({ minutes }: { minutes: number }) =>
    `Too many sign-in and password emails were asked for from your connection. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  accountEmailsToEmail: ({ minutes }: { minutes: number }) =>
    `Several emails were already asked for this address in the last hour. Check your inbox and spam folder, or try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  noMemberWithEmail: ({ email }: { email: string }) => `No member has the email ${email}.`,
  passwordRules: () =>
    'The password must be 8 to 256 characters long and not one of the most common passwords.',
  nothingChanged: ({ reason }: { reason: Phrase }) => `Nothing was changed. ${reason}`,
  publicOriginMissing: () =>
    'PUBLIC_ORIGIN is not set: the store cannot send links to its pages (password recovery, invitations) ' +
    'while it listens on a non-loopback HOST. Set PUBLIC_ORIGIN to the address buyers use, such as ' +
    'https://tienda.example.com.',
  publicOriginMissingPort: () =>
    'PUBLIC_ORIGIN is not set and PORT is 0: the port is only known to a running server, so no link ' +
    'to the store can be built here. Set PUBLIC_ORIGIN (or PORT), or run the command while the store runs.',
  memberEmailTaken: ({ email }: { email: string }) => `A member with the email ${email} already exists.`,
  memberIdTaken: ({ id }: { id: string }) => `A member with the id ${id} already exists.`,
  memberDisabled: ({ email }: { email: string }) => `${email} is disabled; enable them first.`,
  notOneself: ({ action, label }: { action: 'disable' | 'delete' | 'unlabel'; label: string }) =>
    `You cannot ${action === 'unlabel' ? `take the ${label} label from` : action} yourself from the console; another admin can.`,
  ownerProtected: ({
    action,
    email,
    source,
    label,
  }: {
    action: 'disable' | 'delete' | 'unlabel'
    email: string
    source: 'configured' | 'first_admin'
    label: string
  }) =>
    `${email} is the store's owner (${source === 'configured' ? 'OWNER_EMAIL names them' : 'the first admin'}): nobody can ${{ disable: 'disable them', delete: 'delete them', unlabel: `take the ${label} label from them` }[action]} from the console or the API. Only the store's own command line can (npm run admin).`,
  ownerWouldChange: ({ email, owner, label }: { email: string; owner: string; label: string }) =>
    `${email} joined before the store's owner, ${owner} (the first admin): with the ${label} label they would become the owner. Set OWNER_EMAIL to the owner's email, or give the label with the command line (npm run admin -- users label add).`,

  // Orders, downloads and the store's settings.
  noOrderWithId: ({ id }: { id: string }) => `No order has the id ${id}.`,
  refundRefused: ({ id, status }: { id: string; status: OrderStatus }) =>
    `Order ${id} is ${status}: only a paid or disputed order can be refunded.`,
  grantIgnoredRefused: ({ id }: { id: string }) =>
    `Order ${id} is not a paid order the store ignored: only such an order can be granted by hand.`,
  grantIgnoredEmail: ({ id }: { id: string }) =>
    `Order ${id} has no valid buyer email: give the buyer's address to grant it.`,
  downloadNotPaid: () => 'Download not available (not_paid): this order is not paid.',
  downloadExpired: ({ days }: { days: number }) =>
    `Download not available (expired): downloads were available for ${days} days after the purchase. Write to support if you need help.`,
  downloadLimitReached: ({ limit }: { limit: number }) =>
    `Download not available (limit_reached): this order has used its ${limit} downloads. Write to support if you need help.`,
  downloadNotConfigured: () =>
    'Download not available (not_configured): the store has no file to deliver yet. Please try again later. Write to support if you need help.',
  settingInvalid: ({ key, reason }: { key: string; reason: Phrase }) => `${key} ${reason}`,
  downloadFileUnusable: ({
    key,
    file,
    problem,
  }: {
    key: string
    file: string
    problem: DownloadFileProblem
  }) =>
    `${key}: ${file}: ${{ missing: 'no such file', not_a_file: 'not a regular file', unreadable: 'not readable by the store’s user' }[problem]}; buyers could not download it.`,

  // Catalogue documents written from the console.
  documentStructure: ({ problems }: { problems: readonly Phrase[] }) =>
    `Invalid document structure: ${problems.join('; ')}.`,
  unknownAttributes: ({ keys }: { keys: readonly string[] }) =>
    `unknown attribute${keys.length > 1 ? 's' : ''} ${quoted(keys)}`,
  fieldProblem: ({ field, reason }: { field: string; reason: Phrase }) => `"${field}" ${reason}`,
  referenceMissing: ({ what, id }: { what: 'category' | 'project' | 'tag'; id: string }) =>
    `Invalid document structure: ${what} "${id}" does not exist.`,
  projectTagTaken: ({ id }: { id: string }) => `The project already has this tag (document "${id}").`,
  projectTagTakenOnUpdate: () => 'The project already has this tag.',

  // Members' collections (issue 32, decision 064): their permissions and limits.
  permissionsListReason: ({ max }: { max: number }) =>
    `Value must be a valid array of at most ${max} permission strings.`,
  permissionFormatReason: ({ permission }: { permission: string }) =>
    `Permission "${permission}" is not valid: expected an action (read, update, delete or write) and a role in quotes, such as read("user:ID").`,
  permissionsNotYours: ({ allowed }: { allowed: readonly string[] }) =>
    `Permissions must be one of: (${allowed.join(', ')})`,
  ownerPermissionsReason: ({ role }: { role: string }) =>
    `Permissions must keep read, update and delete (or write) for the collection's owner, "${role}".`,
  collectionsLimit: ({ limit }: { limit: number }) =>
    `A member may keep at most ${limit} collections; delete one to make another.`,
  repeatedProject: ({ id }: { id: string }) => `lists the project "${id}" more than once`,
  ownerIdReadOnly: () => 'is set by the server: it may only be your own id',
  shareIdReadOnly: () =>
    'is set by the server when the collection is shared: it may only be sent back as read',

  // Catalogue and buyers' files imported from the console (the same problems as the admin CLI prints).
  /** A message the file worker said in each language: it sends text across, not objects (decision 056). */
  spoken: ({ en }: { en: string; es: string }) => en,
  fileTooLargeToRead: () => 'The file is too large to read at once; split it into smaller files.',
  catalogImportRefused: ({ count, problems }: { count: number; problems: readonly Phrase[] }) =>
    `${count} problem(s); nothing was imported. ${problems.join('; ')}`,
  fileProblem: ({ where, reason }: { where: Phrase; reason: Phrase }) => `${where}: ${reason}`,
  /** Where in a file: `file`, `header, column 2`, `row 5, links`, `projects[3].title`. */
  filePlace: ({ where }: { where: string }) => where,
  fileNul: () => 'must not contain NUL characters (U+0000)',
  sectionNotList: () => 'must be a list, or an Appwrite list {"total": n, "documents": [...]}',
  fileNotJson: ({ detail }: { detail: string }) => `not valid JSON (${detail})`,
  fileShape: () =>
    'must be a list of projects, an object {"categories", "tags", "projects", "project_tags"}, or an Appwrite list {"total", "documents"}',
  unknownSection: ({ expected }: { expected: readonly string[] }) =>
    `unknown section; expected ${expected.join(', ')}`,
  notValidCsv: ({ reason }: { reason: Phrase }) => `not valid CSV: ${reason}`,
  csvSyntax: ({ line, problem }: { line: number; problem: CsvProblem }) =>
    `line ${line}: ${CSV_PROBLEMS[problem]}`,
  unknownColumn: ({ name, expected }: { name: string; expected: readonly string[] }) =>
    `unknown column "${name}"; expected ${expected.join(', ')}`,
  titleColumnRequired: () => 'the column "title" is required',
  fieldCount: ({ fields, columns }: { fields: number; columns: number }) =>
    `has ${fields} fields; the header has ${columns}`,
  linksNotPairs: () => 'must be title|url pairs (an even number of items)',
  tagIdsCount: ({ ids, tags }: { ids: number; tags: number }) => `lists ${ids} ids for ${tags} tags`,
  unknownReference: ({ what, id }: { what: 'category' | 'tag'; id: string }) =>
    `unknown ${what} id "${id}": not in the file nor in the catalogue`,
  idUsedTwice: ({
    what,
    id,
    earlier,
  }: {
    what: 'category' | 'tag' | 'project'
    id: string
    earlier: Phrase
  }) => `the ${what} id "${id}" is already used at ${earlier}`,
  categoryIdDiffers: ({ id }: { id: string }) => `its id "${id}" differs from category_id`,
  projectNotInFile: ({ id }: { id: string }) => `project "${id}" is not in the file`,
  fileWithoutCatalogue: () => 'holds no projects, categories or tags',
  membersFileRefused: ({
    fileName,
    count,
    problems,
    more,
  }: {
    fileName: string
    count: number
    problems: readonly Phrase[]
    more: number
  }) =>
    `${fileName}: ${plural(count, 'invalid row')}; nobody was created: ${problems.join('; ')}` +
    (more > 0 ? ` (and ${more} more)` : ''),
  membersFileUnread: ({ fileName, problem }: { fileName: string; problem: Phrase }) =>
    `${fileName}: ${problem}`,
  rowColumns: ({ row }: { row: number }) => `row ${row}: expected two columns, email,name`,
  rowEmail: ({ row, value }: { row: number; value: string }) =>
    `row ${row}: "${value}" is not a valid email address`,
  rowName: ({ row }: { row: number }) => `row ${row}: the name is longer than 128 characters`,
  rowRepeated: ({ row, email, firstRow }: { row: number; email: string; firstRow: number }) =>
    `row ${row}: ${email} is already at row ${firstRow}`,
  noMembersToImport: () => 'no members to import.',
  synonymSideReason: ({ words, characters }: { words: number; characters: number }) =>
    `Value must hold 1 to ${words} words, at most ${characters} characters`,
  synonymSameSides: () => 'A synonym’s two sides must differ once folded (case and accents aside).',
  synonymExists: ({ oneSide, otherSide }: { oneSide: string; otherSide: string }) =>
    `The synonym "${oneSide}" ↔ "${otherSide}" already exists.`,
  synonymsFull: ({ limit }: { limit: number }) =>
    `The store keeps at most ${limit} synonyms: remove one before adding another.`,
  synonymNotFound: ({ id }: { id: string }) => `No synonym has the id "${id}".`,
  synonymPreviewReason: ({ characters }: { characters: number }) =>
    `Value must be a search of 1 to ${characters} characters`,
  ownCampaignReason: ({ characters }: { characters: number }) =>
    `Value must be a campaign's name of 1 to ${characters} characters on one line`,
  ownCampaignExists: ({ campaign }: { campaign: string }) =>
    `"${campaign}" is one of your campaigns already.`,
  ownCampaignOnCheckout: ({ campaign }: { campaign: string }) =>
    `"${campaign}" is on the buy link (CHECKOUT_URL): it is counted by name already.`,
  ownCampaignsFull: ({ limit }: { limit: number }) =>
    `The store keeps at most ${limit} campaigns of your own: remove one before adding another.`,
  ownCampaignNotFound: ({ campaign }: { campaign: string }) => `"${campaign}" is not one of your campaigns.`,
  ownCampaignFromCheckout: ({ campaign }: { campaign: string }) =>
    `"${campaign}" comes from the buy link (CHECKOUT_URL): change CHECKOUT_URL to stop counting it by name.`,
  /** A member created from the console's bulk import whose invitation the mail server refused. */
  invitationNotSent: ({ detail }: { detail: string }) => `The invitation email could not be sent: ${detail}`,

  // The owner's storefront (issue 41, decision 073): each field's problem, as the console shows it under it.
  storefrontOneLine: () => 'must be one line, without line breaks',
  storefrontLink: () => 'must be an https:// or http:// link, or mailto: with an email address',
  storefrontPriceAmount: () =>
    'must be an amount greater than 0 with at most 2 decimals, such as 29 or 29.90',
  storefrontCurrency: () =>
    'must be a currency code of 3 capital letters that the store knows, such as USD, EUR or MXN',
  storefrontImage: () => 'must be a path on this store, such as /samples/app.webp, or an https:// address',
  storefrontFaqOnLanding: () => 'at least one question must be shown on the landing page',
  storefrontControlCharacters: () => 'must not contain control characters',
  storefrontTooLarge: ({ characters }: { characters: number }) =>
    `the whole storefront must take at most ${characters} characters as JSON`,
  storefrontProjectMissing: ({ id }: { id: string }) => `the catalogue has no project "${id}"`,
  storefrontInvalid: ({ count, problems }: { count: number; problems: readonly Phrase[] }) =>
    `The storefront has ${plural(count, 'problem')}; nothing was saved: ${problems.join('; ')}.`,
  storefrontIfMatch: () =>
    'Send If-Match with the draft\'s revision in quotes, such as "3" ("0" when there is no draft).',
  storefrontDraftChanged: ({ revision, updatedBy }: { revision: number; updatedBy: string }) =>
    `The storefront's draft changed since you opened it: it is now revision ${revision}, saved by ${updatedBy}. Nothing was overwritten; see what changed and save again.`,
  storefrontDraftGone: () =>
    'The draft you opened was published or discarded meanwhile; nothing was overwritten. Open the storefront again.',
  storefrontNoDraft: () => 'There is no draft to publish.',
  offsiteNotConfigured: () =>
    'Off-site backups are not configured: set BACKUP_S3_BUCKET, the other BACKUP_S3_* settings and BACKUP_PASSPHRASE, then restart the store.',
  offsiteNoKey: () =>
    'BACKUP_PASSPHRASE is not set: a backup holds members’ emails and password hashes, so it never leaves the server unencrypted.',
  storefrontVersionNotFound: ({ number }: { number: string }) => `The storefront has no version ${number}.`,
  wholeNumberReason: ({ min, max }: { min: number; max: number }) =>
    `Value must be a whole number from ${min} to ${max}`,
  storefrontPreviewPage: ({ pages }: { pages: readonly string[] }) =>
    `Value must be one of the storefront's pages: ${pages.join(', ')}`,
  storefrontRendererMissing: () =>
    "This web build cannot draw the storefront's pages (it has no .server folder): build it again with `npm run build`.",
  storefrontDrawingFailed: () =>
    "The storefront's pages could not be drawn; the pages served stay as they were.",
  apiKeyRefused: () =>
    'This API key is not valid: it was revoked, it expired or it never existed. Create another in the console (Automations).',
  apiKeyFromBrowser: () =>
    'API keys are for servers and scripts: a request sent from a browser (with an Origin header) cannot use one.',
  apiKeyScope: ({ scope }: { scope: string | null }) =>
    scope === null
      ? 'No API key may call this route: only an admin signed in to the console can.'
      : `This API key (role: applications) is missing scopes (["${scope}"]).`,
  apiKeyNameTaken: ({ name }: { name: string }) => `A key named ${name} exists already; choose another name.`,
  apiKeyNotFound: () => 'No API key with this id.',
  webhookEndpointNotFound: () => 'No webhook endpoint with this id.',
  webhookEndpointOff: () => 'This webhook endpoint is off: turn it on first, then send again.',
  webhookDeliveryNotFound: () => 'No webhook delivery with this id.',
  webhookEndpointTaken: ({ url }: { url: string }) => `An endpoint with the address ${url} exists already.`,
  expireInPast: () => 'The expiry date must be in the future.',
}
