import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppConfig } from '../../src/app'
import { createMember, type TestMember } from '../support/factories'
import { createMailbox, startTestServer, type TestServer } from '../support/test-app'

/** A reset link is built from configured origins only, never from the request (issue 10, item 1). */
const PUBLIC_ORIGIN = 'https://tienda.example.test'
const ALLOWED = 'http://shop.example.test'
const ATTACKER = 'http://attacker.example'

interface Store {
  server: TestServer
  mailbox: ReturnType<typeof createMailbox>
  member: TestMember
}
const stores: Store[] = []

async function openStore(config: Partial<AppConfig>): Promise<Store> {
  const mailbox = createMailbox()
  const server = await startTestServer({ config, mailer: mailbox })
  const store = { server, mailbox, member: await createMember(server.database) }
  stores.push(store)
  return store
}
afterAll(() => Promise.all(stores.map((store) => store.server.close())))

const requestRecovery = (store: Store, email: string, url: string, host?: string) =>
  store.server.app.inject({
    method: 'POST',
    url: '/v1/account/recovery',
    payload: { email, url },
    headers: host ? { host } : {},
  })
/** Recovery mail is sent after the answer: wait long enough for one that would have been sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200))
const linkIn = (text: string) => text.split('\n').find((line) => line.includes('/reset-password?')) ?? ''

describe('on a loopback HOST without PUBLIC_ORIGIN', () => {
  let store: Store
  beforeAll(async () => {
    store = await openStore({})
  })

  it('refuses a link to the attacker’s site named by the Host header, and sends nothing', async () => {
    const response = await requestRecovery(
      store,
      store.member.email,
      `${ATTACKER}/reset-password`,
      'attacker.example',
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' })
    await settle()
    expect(store.mailbox.messages).toEqual([])
  })

  it('accepts a link on ALLOWED_ORIGINS whatever the Host header says', async () => {
    const response = await requestRecovery(
      store,
      store.member.email,
      `${ALLOWED}/reset-password`,
      'attacker.example',
    )
    expect(response.statusCode).toBe(201)
    expect(linkIn((await store.mailbox.next()).text)).toMatch(
      /^http:\/\/shop\.example\.test\/reset-password\?/,
    )
  })
})

describe('with PUBLIC_ORIGIN', () => {
  let store: Store
  beforeAll(async () => {
    store = await openStore({ publicOrigin: PUBLIC_ORIGIN, host: '0.0.0.0' })
  })

  it('emails a link on PUBLIC_ORIGIN, whatever the Host header says', async () => {
    const response = await requestRecovery(
      store,
      store.member.email,
      `${PUBLIC_ORIGIN}/reset-password`,
      'attacker.example',
    )
    expect(response.statusCode).toBe(201)
    const message = await store.mailbox.next()
    expect(linkIn(message.text)).toMatch(/^https:\/\/tienda\.example\.test\/reset-password\?userId=/)
    expect(message.link?.startsWith(`${PUBLIC_ORIGIN}/reset-password?`)).toBe(true)
  })

  it('refuses the origin of the Host header, the attacker’s and the local one alike', async () => {
    for (const [url, host] of [
      [`${ATTACKER}/reset-password`, 'attacker.example'],
      ['http://localhost/reset-password', 'localhost'],
    ] as const) {
      expect((await requestRecovery(store, store.member.email, url, host)).statusCode).toBe(400)
    }
    await settle()
    expect(store.mailbox.messages).toHaveLength(1)
  })
})

describe('on a HOST open to the network without PUBLIC_ORIGIN', () => {
  let store: Store
  beforeAll(async () => {
    store = await openStore({ host: '0.0.0.0' })
  })

  it('refuses every recovery with 503 general_service_disabled, the same for a member and a stranger', async () => {
    const member = await requestRecovery(store, store.member.email, 'http://localhost/reset-password')
    const stranger = await requestRecovery(store, 'nobody@example.com', 'http://localhost/reset-password')
    expect(member.statusCode).toBe(503)
    expect(member.json()).toMatchObject({ code: 503, type: 'general_service_disabled' })
    expect(member.json<{ message: string }>().message).toContain('PUBLIC_ORIGIN')
    expect(stranger.json()).toEqual(member.json())
    const forged = await requestRecovery(
      store,
      store.member.email,
      `${ATTACKER}/reset-password`,
      'attacker.example',
    )
    expect(forged.statusCode).toBe(503)
    await settle()
    expect(store.mailbox.messages).toEqual([])
  })
})
