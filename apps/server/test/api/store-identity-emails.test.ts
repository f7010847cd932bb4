import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MailLanguage } from '../../src/mail/mail-language'
import type { MailMessage } from '../../src/mail/mailer'
import { catalogState, emailQueue, newsEmails, projects } from '../../src/platform/db/schema'
import { newId } from '../../src/platform/security/secrets'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { publishStore } from '../support/published-store'
import { insertOrder } from '../support/purchases'
import { createMailbox, startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 41: "The store's name and support address in every email (welcome, recovery, sign-in, digest)
 * follow this content." Each email the store sends, in both languages, before and after a publish.
 */
const DAY = 86_400_000
const SUPPORT_EMAIL = 'help@shop.example.test'
let server: TestServer
const mailbox = createMailbox()

beforeAll(async () => {
  server = await startTestServer({ mailer: mailbox, config: { supportEmail: SUPPORT_EMAIL } })
  // The catalogue was loaded a month ago: only the digests' own projects are the week's news.
  const monthAgo = new Date(Date.now() - 30 * DAY)
  await server.database.db.update(catalogState).set({ firstLoadedAt: monthAgo }).where(eq(catalogState.id, 1))
  await server.database.db.update(projects).set({ createdAt: monthAgo })
})
afterAll(() => server.close())

/** Each request from an address of its own: the account emails are limited per client address. */
let requests = 0
const askFor = (url: string, payload: Record<string, unknown>, language: MailLanguage) => {
  requests += 1
  return server.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-appwrite-locale': language },
    remoteAddress: `10.41.0.${requests}`,
  })
}

async function nextTo(email: string): Promise<MailMessage> {
  const message = await mailbox.next()
  expect(message.to).toBe(email)
  return message
}

/** Sends what an order or the weekly look queued, as the store's own queue does. */
async function queued(email: string, row: typeof emailQueue.$inferInsert): Promise<MailMessage> {
  await server.database.db.insert(emailQueue).values(row)
  server.app.emailQueue.kick()
  return nextTo(email)
}

/** Each kind of email, sent to a new member in `language`; `support` when it points to the support address. */
const emails = {
  'sign-in': { support: false },
  recovery: { support: false },
  welcome: { support: true },
  digest: { support: true },
  'inactivity warning': { support: true },
} as const
type Kind = keyof typeof emails

async function send(kind: Kind, language: MailLanguage): Promise<MailMessage> {
  const member = await createMember(server.database, { name: 'Ana' })
  if (kind === 'sign-in') {
    const response = await askFor(
      '/v1/account/tokens/email',
      { userId: 'unique()', email: member.email },
      language,
    )
    expect(response.statusCode).toBe(201)
    return nextTo(member.email)
  }
  if (kind === 'recovery') {
    const url = 'http://localhost/reset-password'
    expect((await askFor('/v1/account/recovery', { email: member.email, url }, language)).statusCode).toBe(
      201,
    )
    return nextTo(member.email)
  }
  if (kind === 'welcome') {
    const order = await insertOrder(server.database, { userId: member.id, product: 'Pack IA' })
    return queued(member.email, {
      id: newId(),
      kind: 'welcome',
      userId: member.id,
      orderId: order.id,
      language,
    })
  }
  if (kind === 'digest') {
    const now = Date.now()
    await server.database.db
      .insert(projects)
      .values({ id: newId(), title: `Weekly ${newId().slice(0, 6)}`, createdAt: new Date(now - 3_600_000) })
    const week = newId()
    await server.database.db.insert(newsEmails).values({
      id: week,
      since: new Date(now - 7 * DAY),
      until: new Date(now),
      projectCount: 1,
      recipientCount: 1,
    })
    return queued(member.email, { id: newId(), kind: 'news', userId: member.id, newsEmailId: week, language })
  }
  return queued(member.email, { id: newId(), kind: 'inactivity-warning', userId: member.id, language })
}

const whole = (message: MailMessage) => `${message.subject}\n${message.text}\n${message.html ?? ''}`

const helpAt = { es: 'Escríbenos a', en: 'Write to us at' } satisfies Record<MailLanguage, string>

/** Sends `kind` in `language`: named in its subject and signature, pointing to `support` where it points to support. */
async function expectNamed(
  kind: Kind,
  language: MailLanguage,
  store: { name: string; support: string; not: string[] },
) {
  const message = await send(kind, language)
  expect(message.fromName).toBe(store.name)
  expect(message.subject).toContain(store.name)
  expect(message.text).toContain(`— ${store.name}`)
  if (emails[kind].support) {
    expect(message.text).toContain(`${helpAt[language]} ${store.support}.`)
    expect(message.html).toContain(`${helpAt[language]} ${store.support}.`)
  }
  for (const absent of store.not) expect(whole(message)).not.toContain(absent)
}

const kinds = Object.keys(emails) as Kind[]

describe('with version 1, as a new store starts', () => {
  it.each(kinds)(
    'the %s email names Projects Gallery and SUPPORT_EMAIL, in Spanish and English',
    async (kind) => {
      for (const language of ['es', 'en'] as const) {
        await expectNamed(kind, language, {
          name: 'Projects Gallery',
          support: SUPPORT_EMAIL,
          not: ['soporte@localhost', 'Tienda Nube', 'Cloud Store'],
        })
      }
    },
  )
})

describe('after the owner publishes the store’s name and support address', () => {
  beforeAll(async () => {
    await publishStore(server.database, {
      name: { es: 'Tienda Nube', en: 'Cloud Store' },
      supportEmail: 'ayuda@tienda.example',
    })
  })

  it.each(kinds)('the next %s email names the store and its address in each language', async (kind) => {
    const published = { support: 'ayuda@tienda.example', not: ['Projects Gallery', SUPPORT_EMAIL] }
    await expectNamed(kind, 'es', { ...published, name: 'Tienda Nube' })
    await expectNamed(kind, 'en', { ...published, name: 'Cloud Store' })
  })

  it('names the published store on the weekly email’s unsubscribe page, in the member’s language', async () => {
    for (const [language, name] of [
      ['es', 'Tienda Nube'],
      ['en', 'Cloud Store'],
    ] as const) {
      const digest = await send('digest', language)
      const [path = ''] = /\/news-email\/unsubscribe\/[\w-]+\/[\w-]+/.exec(digest.text) ?? []
      // A member who never chose a language reads the page in their browser's.
      const headers = { 'accept-language': language }
      const page = await server.app.inject({ method: 'GET', url: path, headers })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain(`<html lang="${language}">`)
      expect(page.body).toContain(name)
      expect(page.body).not.toContain('Projects Gallery')
    }
  })

  it('gives a member the published support address on their purchase page, as in the emails', async () => {
    const buyer = await createMember(server.database)
    await insertOrder(server.database, { userId: buyer.id })
    const headers = { cookie: (await signIn(server, buyer)).cookie }
    const purchase = await server.app.inject({ method: 'GET', url: '/v1/store/purchase', headers })
    expect(purchase.statusCode).toBe(200)
    expect(purchase.json()).toMatchObject({ supportEmail: 'ayuda@tienda.example' })
  })

  it('names the Spanish name in English when the English one is left empty, and SUPPORT_EMAIL without an address', async () => {
    await publishStore(server.database, { name: { es: 'Tienda Nube', en: '' }, supportEmail: '' })
    const message = await send('welcome', 'en')
    expect(message.subject).toBe('Thank you for your purchase: your access to Tienda Nube')
    expect(message.text).toContain(`Need help? Write to us at ${SUPPORT_EMAIL}.`)
    expect(message.text).toContain('an account in the Tienda Nube members’ area')
    const buyer = await createMember(server.database)
    const headers = { cookie: (await signIn(server, buyer)).cookie }
    const purchase = await server.app.inject({ method: 'GET', url: '/v1/store/purchase', headers })
    expect(purchase.json()).toMatchObject({ supportEmail: SUPPORT_EMAIL })
  })
})
