import { Account, Client, Databases } from 'appwrite'
import { testConfig } from './test-app'

/**
 * The official SDK, used as a browser would use it: each `SdkBrowser` keeps its own cookie jar. The SDK
 * calls the global `fetch`; a wrapper routes each request to its browser's jar by a private header.
 */
const JAR_HEADER = 'x-test-browser'
const jars = new Map<string, Map<string, string>>()
let installed = false
let nextId = 0

function installCookieFetch() {
  if (installed) return
  installed = true
  const realFetch = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    const jar = jars.get(headers.get(JAR_HEADER) ?? '')
    headers.delete(JAR_HEADER)
    if (jar && jar.size > 0) {
      headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    }
    const response = await realFetch(input, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator)
      const value = pair.slice(separator + 1)
      const expired = attributes.some((attribute) => {
        const [key = '', date = ''] = attribute.split('=')
        return key.toLowerCase() === 'expires' && Date.parse(date) <= Date.now()
      })
      if (!jar) continue
      if (expired || value === '') jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }
}

export class SdkBrowser {
  readonly client: Client
  readonly account: Account
  readonly databases: Databases
  readonly cookies = new Map<string, string>()

  /** In English unless told (`X-Appwrite-Locale`, `client.setLocale`): the language of Appwrite's messages. */
  constructor(serverUrl: string, locale = 'en') {
    installCookieFetch()
    const id = String(nextId++)
    jars.set(id, this.cookies)
    this.client = new Client()
      .setEndpoint(`${serverUrl}/v1`)
      .setProject(testConfig.projectId)
      .setLocale(locale)
    this.client.headers[JAR_HEADER] = id
    this.account = new Account(this.client)
    this.databases = new Databases(this.client)
  }
}
