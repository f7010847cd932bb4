import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Query } from 'appwrite'
import type { Database } from '../../src/platform/db/client'
import { sessions } from '../../src/platform/db/schema'
import type { FileReader } from '../../src/uploaded-files/file-worker-client'
import type { MemberActivityReader } from '../../src/members/inactivity/member-activity'
import { membersAdminRoutes } from '../../src/members/management/members-admin-routes'
import type { MembersImport } from '../../src/members/management/members-import'
import { newId } from '../../src/platform/security/secrets'
import { signInConsoleCallers } from '../support/console-callers'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { daysAgo, insertOrder } from '../support/purchases'
import { createMailbox, startTestServer, type TestServer } from '../support/test-app'

let server: TestServer
const mailbox = createMailbox()
let admin: TestMember
let adminCookie = ''
let memberCookie = ''

beforeAll(async () => {
  server = await startTestServer({ mailer: mailbox, config: { publicOrigin: 'https://tienda.example.test' } })
  ;({ admin, adminCookie, memberCookie } = await signInConsoleCallers(server, 'Owner'))
})
afterAll(() => server.close())

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  server.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} })

/** Every route the module declares, read from its own table: a new route is covered at once. */
const ADMIN_ROUTES = membersAdminRoutes(
  {} as MemberActivityReader,
  {} as MembersImport,
  {} as FileReader,
  {} as Database,
).map((route) => ({ method: route.method, url: route.url, access: route.access }))

const activityUrl = (userIds: string[]) =>
  `/v1/store/members/activity?${userIds.map((id, index) => `userIds[${index}]=${encodeURIComponent(id)}`).join('&')}`

async function memberEmails(): Promise<string[]> {
  const query = new URLSearchParams({ 'queries[0]': Query.limit(100) })
  const response = await call('GET', `/v1/users?${query.toString()}`, adminCookie)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ users: { email: string }[] }>().users.map((user) => user.email)
}

const importFile = (content: string, dryRun: boolean, extra: object = {}) =>
  call('POST', '/v1/store/members/import', adminCookie, {
    fileName: 'compradores.csv',
    content,
    dryRun,
    ...extra,
  })

describe('who may use the members routes', () => {
  it.each(ADMIN_ROUTES)('$method $url: 401 user_unauthorized for a visitor and a member', async (route) => {
    expect(route.access).toBe('admin')
    for (const cookie of [undefined, () => memberCookie]) {
      const url = route.method === 'GET' ? `${route.url}?userIds[0]=someone` : route.url
      const response = await call(route.method, url, cookie?.(), {
        fileName: 'a.csv',
        content: 'nadie@example.com,Nadie\n',
        dryRun: false,
      })
      expect(response.statusCode, `${cookie ? 'member' : 'visitor'}`).toBe(401)
      expect(response.json()).toMatchObject({ type: 'user_unauthorized', code: 401 })
    }
    expect(await memberEmails()).not.toContain('nadie@example.com')
  })
})

describe("a page of members' activity", () => {
  it('counts each member’s live sessions and orders; an expired session and another’s orders do not count', async () => {
    const buyer = await createMember(server.database)
    const idle = await createMember(server.database)
    await signIn(server, buyer)
    await signIn(server, buyer)
    await server.database.db.insert(sessions).values({
      id: newId(),
      userId: buyer.id,
      secretHash: newId(),
      expiresAt: daysAgo(1),
    })
    await insertOrder(server.database, { userId: buyer.id, email: buyer.email })
    await insertOrder(server.database, { userId: buyer.id, email: buyer.email, status: 'refunded' })
    await insertOrder(server.database, { userId: null, email: idle.email })

    const response = await call('GET', activityUrl([buyer.id, idle.id, 'nobody-here', buyer.id]), adminCookie)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      members: [
        { userId: buyer.id, sessions: 2, orders: 2 },
        { userId: idle.id, sessions: 0, orders: 0 },
        { userId: 'nobody-here', sessions: 0, orders: 0 },
      ],
    })

    // Signing the member out everywhere ends what was counted.
    expect((await call('DELETE', `/v1/users/${buyer.id}/sessions`, adminCookie)).statusCode).toBe(204)
    expect((await call('GET', activityUrl([buyer.id]), adminCookie)).json()).toEqual({
      members: [{ userId: buyer.id, sessions: 0, orders: 2 }],
    })
  })

  it('refuses no ids, too many ids and an id that cannot be, naming the parameter', async () => {
    const tooMany = Array.from({ length: 101 }, (_, index) => `member-${index}`)
    for (const url of ['/v1/store/members/activity', activityUrl(tooMany), activityUrl(['-bad'])]) {
      const response = await call('GET', url, adminCookie)
      expect(response.statusCode, url).toBe(400)
      expect(response.json()).toMatchObject({ type: 'general_argument_invalid' })
      expect(response.json().message).toContain('userIds')
    }
  })
})

describe('bulk invite from a buyers’ CSV', () => {
  it('previews who would be created and who already exists, creating nobody, then applies it once', async () => {
    const existing = await createMember(server.database)
    const content =
      'email,name\r\nines@example.com,Inés Ruiz\r\n"jorge@example.com","Jorge, el del taller"\r\n' +
      `${existing.email.toUpperCase()},Ya está\r\n\r\n`
    const preview = await importFile(content, true)
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json()).toEqual({
      valid: true,
      applied: false,
      created: [
        { row: 2, email: 'ines@example.com', name: 'Inés Ruiz' },
        { row: 3, email: 'jorge@example.com', name: 'Jorge, el del taller' },
      ],
      existing: [{ row: 4, email: existing.email.toUpperCase(), name: 'Ya está' }],
      notInvited: [],
      problems: [],
      problemCount: 0,
    })
    expect(await memberEmails()).not.toContain('ines@example.com')
    expect(mailbox.messages).toHaveLength(0)

    const applied = await importFile(content, false, { language: 'en' })
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json()).toMatchObject({
      valid: true,
      applied: true,
      created: [
        { row: 2, email: 'ines@example.com' },
        { row: 3, email: 'jorge@example.com' },
      ],
      existing: [{ row: 4 }],
      notInvited: [],
    })
    const invitations = [await mailbox.next(), await mailbox.next()]
    expect(invitations.map((message) => message.to)).toEqual(['ines@example.com', 'jorge@example.com'])
    expect(invitations[0]?.subject).toBe('Your access to Projects Gallery')
    expect(await memberEmails()).toEqual(expect.arrayContaining(['ines@example.com', 'jorge@example.com']))

    // The same file again creates nobody twice.
    const again = await importFile(content, false)
    expect(again.json()).toMatchObject({ created: [], existing: [{ row: 2 }, { row: 3 }, { row: 4 }] })
    expect(mailbox.messages).toHaveLength(2)

    // Audited as the other console changes are, naming the admin and the file.
    const params = new URLSearchParams({
      'queries[0]': Query.equal('action', 'member.import'),
      'queries[1]': Query.orderAsc('$createdAt'),
    })
    const audit = await call('GET', `/v1/store/audit?${params.toString()}`, adminCookie)
    expect(audit.json().events).toMatchObject([
      {
        source: 'console',
        actor: admin.email,
        subject: 'compradores.csv',
        after: { created: 2, existing: 1, createdEmails: ['ines@example.com', 'jorge@example.com'] },
      },
      { after: { created: 0, existing: 3 } },
    ])
  })

  it('a bad file: the preview lists every problem with its row, and applying it is a 400 that creates nobody', async () => {
    const content =
      'email,name\nrosa@example.com,Rosa\nnot-an-email,X\nsara@example.com,Sara,extra\nROSA@example.com,Otra\n' +
      `tomas@example.com,${'t'.repeat(129)}\n`
    const preview = await importFile(content, true)
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toMatchObject({ valid: false, applied: false, created: [], existing: [] })
    expect(preview.json().problems).toEqual([
      {
        kind: 'email',
        row: 3,
        value: 'not-an-email',
        message: 'row 3: "not-an-email" is not a valid email address',
      },
      { kind: 'columns', row: 4, message: 'row 4: expected two columns, email,name' },
      {
        kind: 'repeated',
        row: 5,
        email: 'ROSA@example.com',
        firstRow: 2,
        message: 'row 5: ROSA@example.com is already at row 2',
      },
      { kind: 'name', row: 6, message: 'row 6: the name is longer than 128 characters' },
    ])

    const applied = await importFile(content, false)
    expect(applied.statusCode).toBe(400)
    expect(applied.json()).toMatchObject({ type: 'general_argument_invalid' })
    expect(applied.json().message).toBe(
      'Invalid `content` param: compradores.csv: 4 invalid rows; nobody was created: ' +
        'row 3: "not-an-email" is not a valid email address; row 4: expected two columns, email,name; ' +
        'row 5: ROSA@example.com is already at row 2; row 6: the name is longer than 128 characters',
    )
    expect(await memberEmails()).not.toContain('rosa@example.com')
  })

  it('a broken CSV and an empty one are refused with their line, creating nobody', async () => {
    const broken = await importFile('email,name\nuna@example.com,Una\n"sin-cerrar@example.com,Ana\n', false)
    expect(broken.statusCode).toBe(400)
    expect(broken.json().message).toMatch(
      /^Invalid `content` param: compradores.csv: not valid CSV: line 4: a quoted field is never closed/,
    )
    expect((await importFile('"sin-cerrar@example.com,Ana\n', true)).json().problems).toMatchObject([
      {
        kind: 'syntax',
        line: 2,
        reason: 'line 2: a quoted field is never closed',
        message: 'not valid CSV: line 2: a quoted field is never closed',
      },
    ])
    expect(await memberEmails()).not.toContain('una@example.com')
    const empty = await importFile('email,name\n', false)
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe('Invalid `content` param: compradores.csv: no members to import.')
    expect((await importFile('', true)).json().problems).toEqual([
      { kind: 'empty', row: null, message: 'no members to import.' },
    ])
  })

  it('runs one bulk invite at a time: a second one while the first runs is 409 and changes nothing', async () => {
    const files = ['primera@example.com,Primera\n', 'segunda@example.com,Segunda\n']
    const [first, second, preview] = await Promise.all([
      importFile(files[0] ?? '', false),
      importFile(files[1] ?? '', false),
      importFile(files[1] ?? '', true),
    ])
    expect(preview.statusCode).toBe(200)
    // Whichever came first ran; the other was refused.
    const [ran, refused] = first.statusCode === 200 ? [first, second] : [second, first]
    expect([ran.statusCode, refused.statusCode]).toEqual([200, 409])
    expect(refused.json()).toMatchObject({ type: 'members_import_running' })
    const [createdEmail, refusedEmail] = ran === first ? ['primera', 'segunda'] : ['segunda', 'primera']
    const emails = await memberEmails()
    expect(emails).toContain(`${createdEmail}@example.com`)
    expect(emails).not.toContain(`${refusedEmail}@example.com`)
    // The next bulk invite runs once the first is over.
    expect((await importFile(files[ran === first ? 1 : 0] ?? '', false)).statusCode).toBe(200)
  })

  it('refuses a request without its parameters', async () => {
    for (const [payload, param] of [
      [{ content: 'a@example.com\n', dryRun: true }, 'fileName'],
      [{ fileName: 'a.csv', dryRun: true }, 'content'],
      [{ fileName: 'a.csv', content: 'a@example.com\n' }, 'dryRun'],
      [{ fileName: 'a.csv', content: 'a@example.com\n', dryRun: false, language: 'fr' }, 'language'],
    ] as const) {
      const response = await call('POST', '/v1/store/members/import', adminCookie, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toContain(param)
    }
    expect(await memberEmails()).not.toContain('a@example.com')
  })
})

describe('a bulk invite whose invitations the mail server refuses', () => {
  it('says why in the console’s language, quoting the mail server, and keeps the English reason for the CLI', async () => {
    const refusing = await startTestServer({
      mailer: {
        async send() {
          throw new Error('Greeting never received')
        },
      },
      config: { publicOrigin: 'https://tienda.example.test' },
    })
    try {
      const { adminCookie: owner } = await signInConsoleCallers(refusing)
      const send = (content: string, language: string) =>
        refusing.app.inject({
          method: 'POST',
          url: '/v1/store/members/import',
          headers: { cookie: owner, 'x-appwrite-locale': language },
          payload: { fileName: 'compradores.csv', content, dryRun: false },
        })
      const spanish = await send('email,name\r\nrosa@example.com,Rosa\r\n', 'es')
      expect(spanish.statusCode, spanish.body).toBe(200)
      expect(spanish.json()).toMatchObject({
        notInvited: [
          {
            email: 'rosa@example.com',
            reason: 'No se pudo enviar el correo de invitación: Greeting never received',
          },
        ],
      })
      const english = await send('email,name\r\npablo@example.com,Pablo\r\n', 'en')
      expect(english.json()).toMatchObject({
        notInvited: [
          {
            email: 'pablo@example.com',
            reason: 'The invitation email could not be sent: Greeting never received',
          },
        ],
      })
    } finally {
      await refusing.close()
    }
  })
})
