import { ID, type Models } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember, type TestMember } from '../support/factories'
import { SdkBrowser } from '../support/sdk-browser'
import { createMailbox, startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 31 through the official SDK, as the web app calls it: a link and a code by email, a session from
 * either, and the member's own account (name, password, sessions). Each answer is checked against the
 * fields of Appwrite's documented models (Token, Session, SessionList, User).
 */
let server: TestServer
const mailbox = createMailbox()

beforeAll(async () => {
  server = await startTestServer({ listen: true, mailer: mailbox })
})
afterAll(() => server.close())

const TOKEN_FIELDS: (keyof Models.Token)[] = ['$id', '$createdAt', 'userId', 'secret', 'expire', 'phrase']
const SESSION_FIELDS: (keyof Models.Session)[] = [
  '$id',
  '$createdAt',
  'userId',
  'expire',
  'provider',
  'providerUid',
  'ip',
  'clientName',
  'current',
  'factors',
  'secret',
]
const USER_FIELDS: (keyof Models.User)[] = [
  '$id',
  'name',
  'email',
  'status',
  'labels',
  'prefs',
  'passwordUpdate',
]

async function codeAndLink(member: TestMember) {
  const message = await mailbox.next()
  expect(message.to).toBe(member.email)
  const link = new URL(message.text.split('\n').find((line) => line.includes('/login/link?')) ?? '')
  return {
    code: /: (\d{6})$/m.exec(message.text)?.[1] ?? '',
    userId: link.searchParams.get('userId') ?? '',
    secret: link.searchParams.get('secret') ?? '',
  }
}

describe('signing in with an emailed link or code through the SDK', () => {
  it('createMagicURLToken, then createSession with the link’s secret', async () => {
    const member = await createMember(server.database)
    const browser = new SdkBrowser(server.url)
    const token = await browser.account.createMagicURLToken({
      userId: ID.unique(),
      email: member.email,
      url: `${server.url}/login/link`,
    })
    for (const field of TOKEN_FIELDS) expect(token).toHaveProperty(field)
    expect(token).toMatchObject({ userId: member.id, secret: '', phrase: '' })
    const { userId, secret } = await codeAndLink(member)
    const session = await browser.account.createSession({ userId, secret })
    for (const field of SESSION_FIELDS) expect(session).toHaveProperty(field)
    expect(session).toMatchObject({ userId: member.id, current: true, secret: '' })
    const user = await browser.account.get()
    for (const field of USER_FIELDS) expect(user).toHaveProperty(field)
    expect(user.$id).toBe(member.id)
  })

  it('createEmailToken with a phrase, then createSession with the code; updateMagicURLSession with a link', async () => {
    const member = await createMember(server.database)
    const browser = new SdkBrowser(server.url)
    const token = await browser.account.createEmailToken({
      userId: ID.unique(),
      email: member.email,
      phrase: true,
    })
    expect(token.phrase).toMatch(/^\S+ \S+$/)
    expect(Date.parse(token.expire) - Date.parse(token.$createdAt)).toBe(15 * 60_000)
    const { code } = await codeAndLink(member)
    await expect(
      browser.account.createSession({ userId: token.userId, secret: code }),
    ).resolves.toMatchObject({
      userId: member.id,
    })

    const other = new SdkBrowser(server.url)
    await other.account.createMagicURLToken({ userId: ID.unique(), email: member.email })
    const { userId, secret } = await codeAndLink(member)
    await expect(other.account.updateMagicURLSession({ userId, secret })).resolves.toMatchObject({
      userId: member.id,
      current: true,
    })
    await expect(other.account.createSession({ userId, secret })).rejects.toMatchObject({ code: 401 })
  })

  it('a wrong code is the SDK’s AppwriteException with Appwrite’s type', async () => {
    const member = await createMember(server.database)
    const browser = new SdkBrowser(server.url)
    const token = await browser.account.createEmailToken({ userId: ID.unique(), email: member.email })
    const { code } = await codeAndLink(member)
    const wrong = code === '000000' ? '000001' : '000000'
    await expect(
      browser.account.createSession({ userId: token.userId, secret: wrong }),
    ).rejects.toMatchObject({
      code: 401,
      type: 'user_invalid_token',
    })
  })
})

describe('the member’s own account through the SDK', () => {
  it('updateName, updatePassword with the old one, listSessions and deleteSession of another', async () => {
    const member = await createMember(server.database)
    const here = new SdkBrowser(server.url)
    const elsewhere = new SdkBrowser(server.url)
    await here.account.createEmailPasswordSession({ email: member.email, password: member.password })
    await elsewhere.account.createEmailPasswordSession({ email: member.email, password: member.password })

    const renamed = await here.account.updateName({ name: 'Inés Ochoa' })
    for (const field of USER_FIELDS) expect(renamed).toHaveProperty(field)
    expect(renamed.name).toBe('Inés Ochoa')

    const list = await here.account.listSessions()
    expect(list.total).toBe(2)
    expect(list.sessions.filter((session) => session.current)).toHaveLength(1)
    for (const session of list.sessions)
      for (const field of SESSION_FIELDS) expect(session).toHaveProperty(field)
    const other = list.sessions.find((session) => !session.current)
    await here.account.deleteSession({ sessionId: other?.$id ?? '' })
    await expect(elsewhere.account.get()).rejects.toMatchObject({ code: 401 })

    await elsewhere.account.createEmailPasswordSession({ email: member.email, password: member.password })
    await expect(
      here.account.updatePassword({ password: 'otra frase larga', oldPassword: 'wrong one' }),
    ).rejects.toMatchObject({
      code: 401,
      type: 'user_invalid_credentials',
    })
    await here.account.updatePassword({ password: 'otra frase larga', oldPassword: member.password })
    // A new password ends every other session, and keeps this one.
    await expect(elsewhere.account.get()).rejects.toMatchObject({ code: 401 })
    await expect(here.account.get()).resolves.toMatchObject({ $id: member.id })
  })
})
