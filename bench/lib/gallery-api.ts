/** The few calls of the Appwrite-compatible API the bench makes itself (not under load). */
const REQUEST_TIMEOUT_MS = 30_000
const DATABASE_PATH = '/v1/databases/gallery/collections'

export type Query = Record<string, unknown>

/** `/v1/databases/gallery/collections/<collection>/documents?queries[0]=<JSON>&…`, as the web SDK sends it. */
export function documentsPath(collection: string, queries: Query[]): string {
  const search = queries.map(
    (query, index) => `queries[${index}]=${encodeURIComponent(JSON.stringify(query))}`,
  )
  return `${DATABASE_PATH}/${collection}/documents${search.length ? `?${search.join('&')}` : ''}`
}

/** Signs in once and returns the `Cookie` header value carrying the session. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  if (response.status !== 201) {
    throw new Error(`Sign-in failed: HTTP ${response.status} ${await response.text()}`)
  }
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('a_session_') && !pair.includes('_legacy='))
  if (!cookie) throw new Error('Sign-in answered 201 without an a_session_<project> cookie')
  return cookie
}

export interface DocumentList {
  status: number
  bytes: number
  total: number
  documents: Record<string, unknown>[]
  /** The raw body when the answer is not a document list (an error), for messages. */
  text: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export async function listDocuments(baseUrl: string, cookie: string, path: string): Promise<DocumentList> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { cookie },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  const text = await response.text()
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: reported through `text`.
  }
  const documents = isRecord(body) && Array.isArray(body.documents) ? body.documents.filter(isRecord) : []
  const total = isRecord(body) && typeof body.total === 'number' ? body.total : 0
  return { status: response.status, bytes: Buffer.byteLength(text), total, documents, text }
}

/** Like listDocuments, but anything other than 200 is an error. */
export async function requireDocuments(baseUrl: string, cookie: string, path: string): Promise<DocumentList> {
  const list = await listDocuments(baseUrl, cookie, path)
  if (list.status !== 200) {
    throw new Error(`GET ${path} answered HTTP ${list.status}: ${list.text.slice(0, 500)}`)
  }
  return list
}

export function stringField(document: Record<string, unknown>, key: string): string {
  const value = document[key]
  if (typeof value !== 'string') throw new Error(`Document has no text field "${key}"`)
  return value
}
