import { AppwriteException } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionCookieName } from '../../src/platform/appwrite/session-cookie'
import { createMember, type TestMember } from '../support/factories'
import { SdkBrowser } from '../support/sdk-browser'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

let server: TestServer
let member: TestMember

beforeAll(async () => {
  server = await startTestServer({ listen: true })
  member = await createMember(server.database, { name: 'Lucía Pérez' })
})
afterAll(() => server.close())

const signedIn = async (who: TestMember = member) => {
  const browser = new SdkBrowser(server.url)
  await browser.account.createEmailPasswordSession({ email: who.email, password: who.password })
  return browser
}

describe('session', () => {
  it('signs in, reads the current user and signs out', async () => {
    const browser = new SdkBrowser(server.url)
    const session = await browser.account.createEmailPasswordSession({
      email: member.email.toUpperCase(),
      password: member.password,
    })
    expect(session).toMatchObject({
      userId: member.id,
      provider: 'email',
      current: true,
      factors: ['password'],
      secret: '',
    })
    expect(Date.parse(session.expire)).toBeGreaterThan(Date.now())
    expect(browser.cookies.has(sessionCookieName(testConfig.projectId))).toBe(true)

    const user = await browser.account.get()
    expect(user).toMatchObject({
      $id: member.id,
      name: 'Lucía Pérez',
      email: member.email,
      status: true,
      prefs: {},
    })
    expect(JSON.stringify(user)).not.toMatch(/argon2|password_hash|passwordHash/)

    await browser.account.deleteSession({ sessionId: 'current' })
    expect(browser.cookies.size).toBe(0)
    await expect(browser.account.get()).rejects.toMatchObject({
      code: 401,
      type: 'general_unauthorized_scope',
    })
  })

  it('deletes the session on the server: a copied cookie stops working after logout', async () => {
    const browser = await signedIn()
    const stolen = new SdkBrowser(server.url)
    for (const [name, value] of browser.cookies) stolen.cookies.set(name, value)
    await expect(stolen.account.get()).resolves.toMatchObject({ $id: member.id })
    await browser.account.deleteSession({ sessionId: 'current' })
    await expect(stolen.account.get()).rejects.toBeInstanceOf(AppwriteException)
  })

  it('lists and reads sessions, marking the current one', async () => {
    const browser = await signedIn()
    const list = await browser.account.listSessions()
    const current = list.sessions.filter((session) => session.current)
    expect(current).toHaveLength(1)
    await expect(browser.account.getSession({ sessionId: 'current' })).resolves.toMatchObject({
      $id: current[0]?.$id,
    })
  })
})

describe('prefs, name and password', () => {
  it('round-trips prefs, replacing them whole', async () => {
    const browser = await signedIn()
    await browser.account.updatePrefs({
      prefs: { favoriteProjects: ['demo-0001', 'demo-0002'], theme: 'dark' },
    })
    expect(await browser.account.getPrefs()).toEqual({
      favoriteProjects: ['demo-0001', 'demo-0002'],
      theme: 'dark',
    })
    const user = await browser.account.updatePrefs({ prefs: { favoriteProjects: [] } })
    expect(user.prefs).toEqual({ favoriteProjects: [] })
    const elsewhere = await signedIn()
    expect(await elsewhere.account.getPrefs()).toEqual({ favoriteProjects: [] })
  })

  it('updates the name', async () => {
    const browser = await signedIn()
    const user = await browser.account.updateName({ name: 'Lucía P.' })
    expect(user.name).toBe('Lucía P.')
  })

  it('changes the password with the old one and signs out the other sessions', async () => {
    const own = await createMember(server.database)
    const browser = await signedIn(own)
    const other = await signedIn(own)
    await expect(
      browser.account.updatePassword({ password: 'a new long password', oldPassword: 'wrong old password' }),
    ).rejects.toMatchObject({
      code: 401,
      type: 'user_invalid_credentials',
    })
    await browser.account.updatePassword({ password: 'a new long password', oldPassword: own.password })
    await expect(browser.account.get()).resolves.toMatchObject({ $id: own.id })
    await expect(other.account.get()).rejects.toMatchObject({ code: 401 })
    const fresh = new SdkBrowser(server.url)
    await expect(
      fresh.account.createEmailPasswordSession({ email: own.email, password: own.password }),
    ).rejects.toMatchObject({
      type: 'user_invalid_credentials',
    })
    await fresh.account.createEmailPasswordSession({ email: own.email, password: 'a new long password' })
  })
})
