import type { InjectOptions } from 'fastify'
import type { CallbackFunc } from 'light-my-request'
import { buildApp, type AppConfig } from '../../src/app'
import type { DatabaseHandle } from '../../src/platform/db/client'
import type { Mailer, MailMessage } from '../../src/mail/mailer'
import { createTestDatabase } from './test-database'

export const testConfig: AppConfig = {
  projectId: 'projects-gallery',
  databaseId: 'gallery',
  // Loopback on port 80, the origin `inject` addresses (http://localhost); a listening server learns its own port.
  host: '127.0.0.1',
  port: 80,
  publicOrigin: undefined,
  allowedOrigins: ['http://shop.example.test'],
  sessionTtlSeconds: 3600,
  logLevel: 'silent',
  development: false,
  allowSignUp: false,
  dataDir: '/nonexistent/test-data-dir',
  mailFrom: 'Projects Gallery <no-reply@example.test>',
  smtpUrl: undefined,
  trustProxy: false,
  webDir: '/nonexistent/web-dist',
  checkoutUrl: undefined,
  supportEmail: undefined,
  ownerEmail: undefined,
  webhookSecrets: {},
  productIds: {},
  downloadFile: undefined,
  downloadLimit: 10,
  bonusUrls: { bonus1: undefined, bonus2: undefined },
  inactivityBlockDays: undefined,
  accountEmailsPerHour: 100,
  searchWorker: 'auto',
  offsiteBackups: undefined,
  adminMfa: 'optional',
  webhookAllowPrivate: false,
}

export interface TestServer {
  app: Awaited<ReturnType<typeof buildApp>>
  database: DatabaseHandle
  /** `http://127.0.0.1:<port>` once `listen()` was called. */
  url: string
  close: () => Promise<void>
}

/** What `buildApp` takes besides the configuration: a mailer, a log stream, smaller limits. */
type AppOptions = NonNullable<Parameters<typeof buildApp>[2]>

/**
 * Spread into a request's headers to ask in no language at all, as a client that never set one: the
 * store then answers in its own, Spanish. The header is the test client's, never sent to the server.
 */
export const NO_LANGUAGE = { 'x-test-language': 'none' } as const

/**
 * The test client asks the API in English (`Accept-Language: en`), the language of Appwrite's own
 * messages that the tests compare, unless a request names a language itself or carries NO_LANGUAGE.
 * Pages keep the store's default: only `/v1/` requests are concerned.
 */
function askedInEnglish(options: InjectOptions | string): InjectOptions | string {
  const request = typeof options === 'string' ? { url: options } : options
  const path =
    typeof request.url === 'string' ? request.url : typeof request.path === 'string' ? request.path : ''
  const headers = Object.fromEntries(
    Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  )
  const { 'x-test-language': asked, ...sent } = headers
  if (
    asked === 'none' ||
    !path.startsWith('/v1/') ||
    'accept-language' in sent ||
    'x-appwrite-locale' in sent
  )
    return { ...request, headers: sent }
  return { ...request, headers: { ...sent, 'accept-language': 'en' } }
}

function askInEnglish(app: TestServer['app']): void {
  const inject = app.inject.bind(app)
  const asking = (options?: InjectOptions | string, callback?: CallbackFunc) => {
    if (options === undefined) return inject()
    return callback ? inject(askedInEnglish(options), callback) : inject(askedInEnglish(options))
  }
  // Fastify's `inject` is overloaded (a promise, a callback, a chain without options): one function for all.
  app.inject = asking as typeof app.inject
}

/** The real application on a fresh database; `listen` makes it a real HTTP server for the SDK. */
export async function startTestServer(
  options: { listen?: boolean; config?: Partial<AppConfig> } & AppOptions = {},
): Promise<TestServer> {
  const { listen, config, ...appOptions } = options
  const database = await createTestDatabase()
  const app = await buildApp({ ...testConfig, ...config }, database, appOptions)
  askInEnglish(app)
  let url = ''
  if (listen) {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error('Expected a TCP address')
    url = `http://127.0.0.1:${address.port}`
  } else {
    await app.ready()
  }
  return {
    app,
    database,
    url,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

/** Keeps sent messages in memory; `next()` waits for the next one (emails are sent in the background). */
export function createMailbox(): Mailer & { messages: MailMessage[]; next: () => Promise<MailMessage> } {
  const messages: MailMessage[] = []
  const waiting: ((message: MailMessage) => void)[] = []
  let read = 0
  return {
    messages,
    async send(message) {
      messages.push(message)
      waiting.shift()?.(message)
    },
    next() {
      const ready = messages[read]
      read += 1
      if (ready) return Promise.resolve(ready)
      return new Promise((resolve) => waiting.push(resolve))
    },
  }
}
