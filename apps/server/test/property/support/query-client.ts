import { createMember } from '../../support/factories'
import { signIn } from '../../support/inject'
import type { TestServer } from '../../support/test-app'
import { parseBody, queryString, type Answer } from './answers'
import { DB, type CollectionId, type Query } from './query-model'

/** `GET …/documents` and `GET …/documents/:id` through `inject`, signed in as a member. */
export interface QueryClient {
  /** `search` is the raw query string, without `?`. */
  listRaw: (collection: CollectionId, search: string) => Promise<Answer>
  listTexts: (collection: CollectionId, texts: readonly string[]) => Promise<Answer>
  list: (collection: CollectionId, queries: readonly Query[]) => Promise<Answer>
  getTexts: (collection: CollectionId, documentId: string, texts: readonly string[]) => Promise<Answer>
}

export async function signedInClient(server: TestServer): Promise<QueryClient> {
  const { cookie } = await signIn(server, await createMember(server.database))
  const get = async (url: string): Promise<Answer> => {
    const response = await server.app.inject({ method: 'GET', url, headers: { cookie } })
    return { status: response.statusCode, body: parseBody(response.body), url }
  }
  const documents = `/v1/databases/${DB}/collections`
  const listRaw = (collection: CollectionId, search: string) =>
    get(`${documents}/${collection}/documents${search === '' ? '' : `?${search}`}`)
  const listTexts = (collection: CollectionId, texts: readonly string[]) =>
    listRaw(collection, queryString(texts))
  return {
    listRaw,
    listTexts,
    list: (collection, queries) =>
      listTexts(
        collection,
        queries.map((query) => JSON.stringify(query)),
      ),
    getTexts: (collection, documentId, texts) =>
      get(`${documents}/${collection}/documents/${documentId}?${queryString(texts)}`),
  }
}
