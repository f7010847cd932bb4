import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import { catalogState, categories, newsEmails, projects, users } from '../../src/platform/db/schema'
import { newId } from '../../src/platform/security/secrets'
import { signInConsoleCallers } from '../support/console-callers'
import { createMember, type TestMember } from '../support/factories'
import { startSmtpGate, type SmtpGate } from '../support/smtp-gate'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Issue 32's weekly "what's new" email (decision 064), through a real SMTP server: once for a week with
 * new projects, never for a week without, never twice across a restart mid-send, never to a member who
 * unsubscribed with the email's one-click link, and never while the store's switch is off.
 */
const DAY = 86_400_000
const ORIGIN = 'https://tienda.example.test'
const config = { ...testConfig, publicOrigin: ORIGIN }

let gate: SmtpGate
let server: TestServer
/** The weekly look's clock, moved by the tests. */
let clock = new Date()
let category = { id: '', name: '' }
let admin = ''
let member = ''
const members: Record<'es' | 'en' | 'optedOut' | 'disabled', TestMember> = {} as never
/** How many weekly emails the Spanish member had when they unsubscribed. */
let esWhenUnsubscribed = 0

beforeAll(async () => {
  gate = await startSmtpGate()
  server = await startTestServer({ config: { ...config, smtpUrl: gate.url }, now: () => clock })
  // The look at start has run (after it, in turn), on a catalogue loaded minutes ago: nothing was due.
  expect(await server.app.newsEmail.look.check()).toBeNull()
  // The catalogue was first loaded a month ago: its projects are not news.
  const firstLoad = new Date(clock.getTime() - 30 * DAY)
  await server.database.db
    .update(catalogState)
    .set({ firstLoadedAt: firstLoad })
    .where(eq(catalogState.id, 1))
  await server.database.db.update(projects).set({ createdAt: firstLoad })
  const [first] = await server.database.db.select().from(categories).limit(1)
  category = { id: first?.id ?? '', name: first?.name ?? '' }
  ;({ adminCookie: admin, memberCookie: member } = await signInConsoleCallers(server))
  members.es = await createMember(server.database)
  members.en = await createMember(server.database)
  members.optedOut = await createMember(server.database)
  members.disabled = await createMember(server.database)
  await setPrefs(members.es, { favoriteProjects: ['kept-1', 'kept-2'], emailLanguage: 'es' })
  await setPrefs(members.en, { emailLanguage: 'en' })
  await setPrefs(members.optedOut, { newsEmail: false })
  await server.database.db.update(users).set({ enabled: false }).where(eq(users.id, members.disabled.id))
})
afterAll(async () => {
  await server.close()
  await gate.close()
})

const setPrefs = (who: TestMember, prefs: Record<string, unknown>) =>
  server.database.db.update(users).set({ prefs }).where(eq(users.id, who.id))
const prefsOf = async (who: TestMember) =>
  (await server.database.db.select({ prefs: users.prefs }).from(users).where(eq(users.id, who.id)))[0]?.prefs

/** Projects added `daysAgo` before the clock, with ASCII titles the tests find in the message. */
async function addProjects(count: number, daysAgo: number) {
  const added = Array.from({ length: count }, (_, index) => ({
    id: newId(),
    title: `Weekly project ${index} ${newId().slice(0, 6)}`,
    categoryId: category.id,
    createdAt: new Date(clock.getTime() - daysAgo * DAY),
  }))
  await server.database.db.insert(projects).values(added)
  return added
}

/** Every queued email has been sent (or given up on): the gate holds all there will be. */
const queueSettled = () =>
  expect
    .poll(
      async () =>
        Number(
          (
            await server.database.rows(
              sql`SELECT count(*)::int AS n FROM email_queue WHERE status = 'pending'`,
            )
          )[0]?.n,
        ),
      { timeout: 10_000 },
    )
    .toBe(0)

const advance = (days: number) => (clock = new Date(clock.getTime() + days * DAY))
const emailsTo = (who: TestMember) => gate.emails.filter((email) => email.to.includes(who.email))

/** Headers unfolded, and the body's quoted-printable decoded as UTF-8. */
function read(source: string) {
  const [head = '', ...body] = source.split('\r\n\r\n')
  const headers = head.replace(/\r\n[ \t]+/g, ' ')
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1] ?? ''
  const bytes = Buffer.from(
    body
      .join('\r\n\r\n')
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  )
  return { header, text: bytes.toString('utf8') }
}

const unsubscribeLinkOf = (source: string) => {
  const link = /^<(.+)>$/.exec(read(source).header('List-Unsubscribe'))?.[1]
  if (!link) throw new Error('No List-Unsubscribe link')
  return new URL(link)
}

describe('the weekly what’s new email', () => {
  it('goes once, in each member’s language, to members with access who want it, for a week with new projects', async () => {
    const added = await addProjects(3, 2)
    const report = await server.app.newsEmail.look.check()
    expect(report).toMatchObject({ projects: 3 })
    await expect.poll(() => emailsTo(members.en).length, { timeout: 10_000 }).toBe(1)
    await expect.poll(() => emailsTo(members.es).length, { timeout: 10_000 }).toBe(1)
    // Another look in the same week finds nothing due.
    expect(await server.app.newsEmail.look.check()).toBeNull()

    const spanish = read(emailsTo(members.es)[0]?.source ?? '')
    expect(spanish.header('Subject')).toBe('Novedades en Projects Gallery: 3 proyectos nuevos')
    expect(spanish.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(spanish.header('List-Unsubscribe')).toMatch(
      new RegExp(`^<${ORIGIN}/news-email/unsubscribe/${members.es.id}/[A-Za-z0-9_-]{43}>$`),
    )
    for (const project of added) {
      expect(spanish.text).toContain(`${project.title} · ${category.name}`)
      expect(spanish.text).toContain(`${ORIGIN}/search?project=${project.id}`)
    }
    const english = read(emailsTo(members.en)[0]?.source ?? '')
    expect(english.header('Subject')).toBe('New in Projects Gallery: 3 new projects')

    await queueSettled()
    expect(emailsTo(members.optedOut)).toHaveLength(0)
    expect(emailsTo(members.disabled)).toHaveLength(0)
    expect(emailsTo(members.es)).toHaveLength(1)
  })

  it('names at most 20 projects and says how many more', async () => {
    advance(7)
    await addProjects(23, 1)
    expect(await server.app.newsEmail.look.check()).toMatchObject({ projects: 23 })
    await expect.poll(() => emailsTo(members.en).length, { timeout: 10_000 }).toBe(2)
    const { text } = read(emailsTo(members.en)[1]?.source ?? '')
    // The same 20 in the plain text and in the HTML.
    expect(new Set(text.match(/\/search\?project=\w+/g))).toHaveProperty('size', 20)
    expect(text).toContain('And 3 more.')
  })

  it('records a week without new projects and sends nothing', async () => {
    advance(7)
    await queueSettled()
    const before = gate.emails.length
    expect(await server.app.newsEmail.look.check()).toMatchObject({ projects: 0, recipients: 0 })
    await queueSettled()
    expect(gate.emails).toHaveLength(before)
    const weeks = await server.database.db.select().from(newsEmails)
    expect(weeks).toHaveLength(3)
  })
})

describe('the one-click unsubscribe link', () => {
  let link: URL
  beforeAll(() => {
    link = unsubscribeLinkOf(emailsTo(members.es)[0]?.source ?? '')
  })

  it('shows a page with a button on GET, without a session, and changes nothing', async () => {
    const response = await server.app.inject({ method: 'GET', url: link.pathname })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['content-security-policy']).toContain("default-src 'none'")
    expect(response.headers['content-security-policy']).toContain("form-action 'self'")
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('<html lang="es">')
    expect(response.body).toContain('name="List-Unsubscribe" value="One-Click"')
    expect((await prefsOf(members.es))?.newsEmail).toBeUndefined()
  })

  it('refuses a forged or malformed signature with a 404 page, GET or POST, and never a 500', async () => {
    const signature = link.pathname.split('/').at(-1) ?? ''
    const forged = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`
    const paths = [
      link.pathname.replace(signature, forged),
      link.pathname.replace(members.es.id, members.en.id),
      link.pathname.replace(signature, 'short'),
      `/news-email/unsubscribe/${'x'.repeat(80)}/${signature}`,
    ]
    for (const url of paths) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await server.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          ...(method === 'POST' ? { payload: 'List-Unsubscribe=One-Click' } : {}),
        })
        expect(response.statusCode, `${method} ${url}`).toBe(404)
        expect(response.headers['content-type']).toMatch(/^text\/html/)
      }
    }
    expect((await prefsOf(members.es))?.newsEmail).toBeUndefined()
    expect((await prefsOf(members.en))?.newsEmail).toBeUndefined()
  })

  it('answers 400 to a POST without RFC 8058’s body', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=Maybe',
    })
    expect(response.statusCode).toBe(400)
    expect((await prefsOf(members.es))?.newsEmail).toBeUndefined()
  })

  it('turns the email off on a one-click POST with no Origin and no cookie, keeping the other prefs', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(response.statusCode).toBe(200)
    esWhenUnsubscribed = emailsTo(members.es).length
    expect(await prefsOf(members.es)).toEqual({
      favoriteProjects: ['kept-1', 'kept-2'],
      emailLanguage: 'es',
      newsEmail: false,
    })
    // Again (a provider's retry), and as multipart, as RFC 8058 allows: still 200, nothing else changes.
    const again = await server.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    })
    expect(again.statusCode).toBe(200)
    const page = await server.app.inject({ method: 'GET', url: link.pathname })
    expect(page.body).not.toContain('<form')
    const audit = await server.database.rows(
      sql`SELECT source, action FROM audit_events WHERE subject = ${`users/${members.es.id}`}`,
    )
    expect(audit).toEqual([{ source: 'member', action: 'account.prefs' }])
  })

  it('leaves the member out of the next week’s email', async () => {
    advance(7)
    await addProjects(2, 3)
    const enBefore = emailsTo(members.en).length
    const report = await server.app.newsEmail.look.check()
    expect(report).toMatchObject({ projects: 2 })
    await expect.poll(() => emailsTo(members.en).length, { timeout: 10_000 }).toBe(enBefore + 1)
    await queueSettled()
    expect(emailsTo(members.es)).toHaveLength(esWhenUnsubscribed)
  })
})

describe('the store’s switch and the console', () => {
  it('is for admins: a visitor and a member get 401', async () => {
    for (const cookie of [undefined, member]) {
      for (const method of ['GET', 'PUT'] as const) {
        const response = await server.app.inject({
          method,
          url: '/v1/store/news-email',
          headers: cookie ? { cookie } : {},
          ...(method === 'PUT' ? { payload: { enabled: false } } : {}),
        })
        expect(response.statusCode).toBe(401)
        expect(response.json()).toMatchObject({ type: 'user_unauthorized' })
      }
    }
  })

  it('shows the last look and the next, and turning it off sends nothing (audited)', async () => {
    const shown = await server.app.inject({
      method: 'GET',
      url: '/v1/store/news-email',
      headers: { cookie: admin },
    })
    expect(shown.statusCode).toBe(200)
    const state = shown.json<{
      enabled: boolean
      lastLook: { projects: number; recipients: number; until: string }
      nextLookAt: string
    }>()
    expect(state).toMatchObject({ enabled: true, lastLook: { projects: 2 } })
    expect(Date.parse(state.nextLookAt) - Date.parse(state.lastLook.until)).toBe(7 * DAY)

    const refused = await server.app.inject({
      method: 'PUT',
      url: '/v1/store/news-email',
      headers: { cookie: admin },
      payload: { enabled: 'no' },
    })
    expect(refused.statusCode).toBe(400)
    const off = await server.app.inject({
      method: 'PUT',
      url: '/v1/store/news-email',
      headers: { cookie: admin },
      payload: { enabled: false },
    })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ enabled: false })

    advance(7)
    await addProjects(4, 1)
    await queueSettled()
    const before = gate.emails.length
    expect(await server.app.newsEmail.look.check()).toMatchObject({ projects: 4, recipients: 0 })
    await queueSettled()
    expect(gate.emails).toHaveLength(before)
    const audit = await server.database.rows(
      sql`SELECT action, before, after FROM audit_events WHERE subject = 'settings/news_email'`,
    )
    expect(audit).toEqual([{ action: 'settings set', before: { value: 'on' }, after: { value: 'off' } }])

    const on = await server.app.inject({
      method: 'PUT',
      url: '/v1/store/news-email',
      headers: { cookie: admin },
      payload: { enabled: true },
    })
    expect(on.json()).toMatchObject({ enabled: true })
  })

  it('says in the readiness list that the weekly email goes through SMTP', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/v1/store/settings',
      headers: { cookie: admin },
    })
    const items = response.json<{ items: { key: string; status: string }[] }>().items
    expect(items.find((item) => item.key === 'news-email')).toMatchObject({ status: 'ok' })
  })
})

describe('a restart in the middle of sending', () => {
  it('sends each member the week’s email once: the next process sends only what was left', async () => {
    // More members than the queue claims at once (10), so the first process stops with some left.
    const many = await Promise.all(Array.from({ length: 12 }, () => createMember(server.database)))
    advance(7)
    await addProjects(1, 1)
    gate.holdUntilEachSent(['nobody@example.test'], 3000)
    const report = await server.app.newsEmail.look.check()
    expect(report?.recipients).toBeGreaterThanOrEqual(13)
    const week = await server.database.rows(sql`SELECT id FROM news_emails ORDER BY until DESC LIMIT 1`)
    const weekId = String(week[0]?.id)
    await expect
      .poll(async () => {
        const rows = await server.database.rows(
          sql`SELECT count(*)::int AS n FROM email_queue WHERE news_email_id = ${weekId} AND locked_until IS NOT NULL`,
        )
        return Number(rows[0]?.n)
      })
      .toBeGreaterThan(0)
    // Stopped while its emails are held by the mail server; it finishes those it was sending.
    await server.app.close()
    const left = await server.database.rows(
      sql`SELECT count(*)::int AS n FROM email_queue WHERE news_email_id = ${weekId} AND status = 'pending'`,
    )
    expect(Number(left[0]?.n)).toBeGreaterThan(0)

    const restarted = await buildApp({ ...config, smtpUrl: gate.url }, server.database, { now: () => clock })
    await restarted.ready()
    try {
      expect(await restarted.newsEmail.look.check()).toBeNull()
      await expect
        .poll(
          async () => {
            const rows = await server.database.rows(
              sql`SELECT count(*)::int AS n FROM email_queue WHERE news_email_id = ${weekId} AND status <> 'sent'`,
            )
            return Number(rows[0]?.n)
          },
          { timeout: 10_000 },
        )
        .toBe(0)
      for (const one of [...many, members.en]) {
        const week5 = emailsTo(one).filter((email) => read(email.source).header('Subject').includes(': 1 '))
        expect(week5, one.email).toHaveLength(1)
      }
      expect(emailsTo(members.es)).toHaveLength(esWhenUnsubscribed)
    } finally {
      await restarted.close()
    }
  })
})
