import { Query } from 'appwrite'
import type { APIRequestContext } from '@playwright/test'
import { DATABASE_ID } from '../store-settings'

/** Reads the demo catalogue through the real API with the page's session, to know what to expect. */
export interface CatalogDocument {
  $id: string
  [key: string]: unknown
}

const COLLECTIONS = `/v1/databases/${DATABASE_ID}/collections`
type Collection = 'projects' | 'categories' | 'tags' | 'project_tags'

/** One page, exactly as asked for (the queries carry the limit and cursor). */
export async function listPage(
  request: APIRequestContext,
  collection: Collection,
  queries: string[],
): Promise<CatalogDocument[]> {
  const params = new URLSearchParams()
  for (const query of queries) params.append('queries[]', query)
  params.set('total', 'false')
  const response = await request.get(`${COLLECTIONS}/${collection}/documents?${params}`)
  if (!response.ok()) throw new Error(`${response.status()} ${await response.text()}`)
  return ((await response.json()) as { documents: CatalogDocument[] }).documents
}

/** Every document matching the queries, page after page. */
export async function listAll(
  request: APIRequestContext,
  collection: Collection,
  queries: string[] = [],
): Promise<CatalogDocument[]> {
  const documents: CatalogDocument[] = []
  let cursor: string | null = null
  do {
    const page = await listPage(request, collection, [
      ...queries,
      Query.limit(100),
      ...(cursor ? [Query.cursorAfter(cursor)] : []),
    ])
    documents.push(...page)
    cursor = page.length === 100 ? (page.at(-1)?.$id ?? null) : null
  } while (cursor)
  return documents
}

export const text = (document: CatalogDocument, key: string) => {
  const value = document[key]
  return typeof value === 'string' ? value : ''
}

/** Lower case without accents, as the server compares text. */
export const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** The documents requests the page makes to one collection, with their queries decoded. */
export function isCollectionRequest(url: string, collection: string): boolean {
  return new URL(url).pathname === `${COLLECTIONS}/${collection}/documents`
}

/** The SDK sends `queries[0]=…&queries[1]=…`. */
export function queriesOf(url: string): string[] {
  return [...new URL(url).searchParams]
    .filter(([key]) => /^queries\[\d*\]$/.test(key))
    .map(([, value]) => value)
}

/** The value, or a failed test saying what was missing. */
export function must<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`)
  return value
}
