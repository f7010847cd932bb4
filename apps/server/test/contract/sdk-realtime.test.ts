import { ADMIN_LABEL } from '@pg/shared/account'
import { ID, Realtime } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { endMemberAccess } from '../../src/members/account/ended-access'
import { createUserRepository } from '../../src/members/account/user-repository'
import { enqueueWebhookEvent } from '../../src/platform/webhooks/webhook-outbox'
import { createStoreSettingsRepository } from '../../src/selling/downloads/store-settings-repository'
import { createMember } from '../support/factories'
import { SdkBrowser } from '../support/sdk-browser'
import { installRealtimeWindow, listen, sessionForRealtime, settle, until } from '../support/sdk-realtime'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Issue 45 through the official SDK's `client.subscribe()` over Node 24's WebSocket: `connected`, the
 * events of each channel with Appwrite's names, a collection heard only by who may read it, the end of a
 * member's access closing their socket, and the SDK reconnecting after the server dropped it.
 */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ listen: true })
})
afterAll(() => server.close())

const DB = testConfig.databaseId
const PROJECTS = `databases.${DB}.collections.projects.documents`
const COLLECTIONS = `databases.${DB}.collections.collections.documents`

async function signedIn(admin = false) {
  const member = await createMember(server.database)
  if (admin) await createUserRepository(server.database.db).setLabels(member.id, [ADMIN_LABEL])
  const browser = new SdkBrowser(server.url)
  await browser.account.createEmailPasswordSession({ email: member.email, password: member.password })
  sessionForRealtime(browser)
  return { member, browser }
}

describe('Appwrite Realtime through the SDK', () => {
  it('hears a project created, updated and deleted, with Appwrite’s event names', async () => {
    const { browser } = await signedIn()
    const { browser: owner } = await signedIn(true)
    const heard = await listen(server, browser, [PROJECTS])
    const id = ID.unique()
    await owner.databases.createDocument({
      databaseId: DB,
      collectionId: 'projects',
      documentId: id,
      data: { title: 'Nuevo' },
    })
    const created = await heard.next((event) => event.events.includes(`${PROJECTS}.${id}.create`))
    expect(created.events).toEqual(
      expect.arrayContaining([
        'databases.*.collections.*.documents.*.create',
        `databases.${DB}.collections.projects.documents.*.create`,
        `databases.${DB}.collections.projects.documents.${id}`,
        'databases.*',
      ]),
    )
    expect(created.channels).toContain(`${PROJECTS}.${id}`)
    expect(created.payload).toMatchObject({
      $id: id,
      $collectionId: 'projects',
      $databaseId: DB,
      title: 'Nuevo',
    })
    expect(created.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/)
    await owner.databases.updateDocument({
      databaseId: DB,
      collectionId: 'projects',
      documentId: id,
      data: { subtitle: 'Otro' },
    })
    await heard.next((event) => event.events.includes(`${PROJECTS}.${id}.update`))
    await owner.databases.deleteDocument({ databaseId: DB, collectionId: 'projects', documentId: id })
    await heard.next((event) => event.events.includes(`${PROJECTS}.${id}.delete`))
    heard.unsubscribe()
  })

  it('works through the SDK’s Realtime service too, as the web app subscribes, until it is closed', async () => {
    const { member, browser } = await signedIn()
    const { browser: owner } = await signedIn(true)
    installRealtimeWindow()
    const service = new Realtime(browser.client)
    const opened = vi.fn()
    service.onOpen(opened)
    const names: string[][] = []
    const subscription = await service.subscribe([PROJECTS], (event) => void names.push(event.events))
    await until(() => server.app.realtime.listensTo(member.id, [PROJECTS]))
    expect(opened).toHaveBeenCalledTimes(1)
    const id = ID.unique()
    await owner.databases.createDocument({
      databaseId: DB,
      collectionId: 'projects',
      documentId: id,
      data: { title: 'Por el servicio' },
    })
    await until(() => names.some((events) => events.includes(`${PROJECTS}.${id}.create`)))
    await subscription.close()
    await until(() => !server.app.realtime.listensTo(member.id, [PROJECTS]))
  })

  it('tells a member of their own prefs and name on `account`, and no one else', async () => {
    const { member, browser } = await signedIn()
    const { browser: other } = await signedIn()
    const mine = await listen(server, browser, ['account'])
    const theirs = await listen(server, other, ['account'])
    await browser.account.updatePrefs({ prefs: { theme: 'dark' } })
    const event = await mine.next((one) => one.events.includes(`users.${member.id}.update.prefs`))
    expect(event.events).toContain('users.*.update.prefs')
    expect(event.payload).toMatchObject({ $id: member.id, prefs: { theme: 'dark' } })
    await browser.account.updateName({ name: 'Nuevo nombre' })
    await mine.next((one) => one.events.includes(`users.${member.id}.update.name`))
    await settle()
    expect(theirs.events).toEqual([])
    mine.unsubscribe()
    theirs.unsubscribe()
  })

  it('a private collection’s change reaches its owner only; a shared one, its link’s readers', async () => {
    const { browser: owner } = await signedIn()
    const { browser: other } = await signedIn()
    const ownerHears = await listen(server, owner, [COLLECTIONS])
    const otherHears = await listen(server, other, [COLLECTIONS])
    const created = await owner.databases.createDocument({
      databaseId: DB,
      collectionId: 'collections',
      documentId: ID.unique(),
      data: { name: 'Privada', projectIds: [] },
    })
    await ownerHears.next((event) => event.events.includes(`${COLLECTIONS}.${created.$id}.create`))
    const shared = await owner.databases.updateDocument<{ shareId: string } & typeof created>({
      databaseId: DB,
      collectionId: 'collections',
      documentId: created.$id,
      data: {},
      permissions: [
        'read("users")',
        `read("user:${created.ownerId as string}")`,
        `update("user:${created.ownerId as string}")`,
        `delete("user:${created.ownerId as string}")`,
      ],
    })
    const byLink = await listen(server, other, [`${COLLECTIONS}.${shared.shareId}`])
    await owner.databases.updateDocument({
      databaseId: DB,
      collectionId: 'collections',
      documentId: created.$id,
      data: { name: 'Compartida' },
    })
    const seen = await byLink.next((event) =>
      event.events.includes(`${COLLECTIONS}.${shared.shareId}.update`),
    )
    expect(seen.payload).toMatchObject({ $id: shared.shareId, $permissions: ['read("users")'] })
    expect(JSON.stringify(seen)).not.toContain(created.$id)
    // Made private again: the link's reader hears it gone (a delete by the share id), nothing more.
    await owner.databases.updateDocument({
      databaseId: DB,
      collectionId: 'collections',
      documentId: created.$id,
      data: {},
      permissions: [
        `read("user:${created.ownerId as string}")`,
        `update("user:${created.ownerId as string}")`,
        `delete("user:${created.ownerId as string}")`,
      ],
    })
    const gone = await byLink.next((event) =>
      event.events.includes(`${COLLECTIONS}.${shared.shareId}.delete`),
    )
    expect(JSON.stringify(gone)).not.toContain(created.$id)
    await settle()
    expect(otherHears.events).toEqual([])
    for (const one of [ownerHears, otherHears, byLink]) one.unsubscribe()
  })

  it('gives the console’s channels to admins: a paid order on console.orders, a new member on console.members', async () => {
    const { browser: admin } = await signedIn(true)
    const heard = await listen(server, admin, ['console.orders', 'console.members'])
    await enqueueWebhookEvent(server.database.db, 'order.paid', {
      orderId: 'ord_1',
      status: 'paid',
      amount: 4900,
    })
    const paid = await heard.next((event) => event.events.includes('orders.ord_1.paid'))
    expect(paid.payload).toMatchObject({ $id: 'ord_1', amount: 4900 })
    const newcomer = await createMember(server.database)
    await heard.next((event) => event.events.includes(`users.${newcomer.id}.create`))
    heard.unsubscribe()
  })

  it('tells admins on console.readiness when a setting or an endpoint’s failures change a Settings line', async () => {
    const { browser: admin } = await signedIn(true)
    const heard = await listen(server, admin, ['console.readiness'])
    // A setting set outside this console (the CLI, another admin): the Settings page reads it again.
    await createStoreSettingsRepository(server.database.db).set(
      'bonus-1-url',
      'https://cursos.example.com/n8n',
      new Date(),
    )
    const settings = await heard.next((event) => event.events.includes('readiness.settings.update'))
    expect(settings.payload).toEqual({ $id: 'settings' })
    expect(settings.channels).toEqual(['console.readiness', 'console.readiness.settings'])
    await createStoreSettingsRepository(server.database.db).unset('bonus-1-url')
    heard.unsubscribe()
  })

  it.each(['refund', 'disable', 'sign-out everywhere'])(
    'closes a member’s socket at once on %s',
    async (how) => {
      const { member, browser } = await signedIn()
      await listen(server, browser, [PROJECTS])
      const before = server.app.realtime.stats().connections
      // The SDK logs the server's error before the socket closes: expected here, and checked.
      const logged: unknown[] = []
      vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(...args))
      if (how === 'refund') await endMemberAccess(server.database.db, member.id, 'refunded', new Date())
      else if (how === 'disable') await createUserRepository(server.database.db).setEnabled(member.id, false)
      else await browser.account.deleteSessions()
      await until(() => server.app.realtime.stats().connections === before - 1)
      // Closed as a policy violation: the SDK logs the error and does not come back.
      await settle()
      expect(server.app.realtime.stats().connections).toBe(before - 1)
      expect(logged).toContainEqual({ code: 1008, message: 'The session ended: sign in again.' })
    },
  )

  it('reconnects and subscribes again after the server dropped the connection', async () => {
    const { member, browser } = await signedIn()
    const { browser: owner } = await signedIn(true)
    const heard = await listen(server, browser, [PROJECTS])
    // The SDK says on the console that it reconnects: expected here.
    vi.mocked(console.error).mockImplementation(() => undefined)
    server.app.realtime.closeAll(1012, 'Restarting')
    await until(() => server.app.realtime.stats().channels === 0)
    await until(() => server.app.realtime.listensTo(member.id, [PROJECTS]), 5_000)
    const id = ID.unique()
    await owner.databases.createDocument({
      databaseId: DB,
      collectionId: 'projects',
      documentId: id,
      data: { title: 'Después' },
    })
    await heard.next((event) => event.events.includes(`${PROJECTS}.${id}.create`))
    heard.unsubscribe()
  })
})
