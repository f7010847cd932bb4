import type { StorefrontContent } from '@pg/shared/storefront/content'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import type { TestServer } from './test-app'

/** The console's storefront routes (issue 41), called as the console's "Tienda" calls them. */
export const STOREFRONT_URL = '/v1/store/storefront'

/** Version 1's content, a fresh copy to change. */
export const versionOne = (): StorefrontContent => defaultStorefrontContent()

export function storefrontConsole(server: TestServer, cookie: string) {
  const inject = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    options: { payload?: unknown; headers?: Record<string, string> } = {},
  ) =>
    server.app.inject({
      method,
      url: `${STOREFRONT_URL}${url}`,
      headers: { cookie, ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    })
  return {
    inject,
    read: () => inject('GET', ''),
    /** The revision the next change must name, as the console reads it (the ETag). */
    async revision(): Promise<number> {
      return Number(String((await inject('GET', '')).headers.etag).replaceAll('"', ''))
    },
    /** Saves the draft as a revision of `revision` (the state's, `revision()`, without a draft). */
    save: (content: unknown, revision: number, headers: Record<string, string> = {}) =>
      inject('PUT', '/draft', { payload: { content }, headers: { 'if-match': `"${revision}"`, ...headers } }),
    discard: (headers: Record<string, string> = {}) => inject('DELETE', '/draft', { headers }),
    publish: (revision: number) => inject('POST', '/publish', { headers: { 'if-match': `"${revision}"` } }),
    /** Saves `content` as a new draft and publishes it; the publish's answer. */
    async saveAndPublish(content: StorefrontContent) {
      const read = await inject('GET', '')
      const etag = String(read.headers.etag ?? '"0"')
      const saved = await inject('PUT', '/draft', { payload: { content }, headers: { 'if-match': etag } })
      if (saved.statusCode !== 200)
        throw new Error(`Saving the draft failed: ${saved.statusCode} ${saved.body}`)
      return inject('POST', '/publish', { headers: { 'if-match': String(saved.headers.etag) } })
    },
    versions: (query = '') => inject('GET', `/versions${query}`),
    version: (number: number | string) => inject('GET', `/versions/${number}`),
    restore: (number: number | string) => inject('POST', `/versions/${number}/restore`),
    preview: (query: string) => inject('GET', `/preview${query}`),
  }
}
