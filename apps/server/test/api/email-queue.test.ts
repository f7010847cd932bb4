import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { enqueueEmail } from '../../src/mail/email-queue'
import type { MailMessage } from '../../src/mail/mailer'
import { createMember } from '../support/factories'
import { linkSecret, signIn } from '../support/inject'
import { insertOrder } from '../support/purchases'
import { readQueuedEmail } from '../support/queued-emails'
import { createMailbox, startTestServer, type TestServer } from '../support/test-app'

/** The emails an order queues, as the store's own queue sends them (issue 11: from order to member). */
let server: TestServer
const mailbox = createMailbox()

beforeAll(async () => {
  server = await startTestServer({ mailer: mailbox })
})
afterAll(() => server.close())

/** Queues an email as the order service does, kicks the app's queue and reads what it sent. */
async function send(
  email: Parameters<typeof enqueueEmail>[1],
): Promise<{ id: string; message: MailMessage }> {
  const id = await enqueueEmail(server.database.db, email)
  server.app.emailQueue.kick()
  const message = await mailbox.next()
  await vi.waitFor(async () => expect((await readQueuedEmail(server.database, id)).status).toBe('sent'))
  return { id, message }
}

const setPassword = (link: string | undefined, password: string) =>
  server.app.inject({
    method: 'PUT',
    url: '/v1/account/recovery',
    payload: { ...linkSecret(link), password },
  })

it('welcomes a new buyer in Spanish with a 7-day, single-use link to choose a password', async () => {
  const buyer = await createMember(server.database, { name: 'Ana' })
  const order = await insertOrder(server.database, { userId: buyer.id, product: 'Pack <b>IA</b> & más' })
  const { id, message } = await send({ kind: 'welcome', userId: buyer.id, orderId: order.id, language: 'es' })

  expect(message).toMatchObject({
    to: buyer.email,
    subject: 'Gracias por tu compra: tu acceso a Projects Gallery',
  })
  expect(message.messageId).toBe(`<email-queue.${id}@localhost>`)
  expect(message.link).toMatch(/^http:\/\/localhost\/reset-password\?userId=/)
  const expire = Date.parse(new URL(message.link ?? '').searchParams.get('expire') ?? '')
  expect(expire - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000)
  expect(expire - Date.now()).toBeLessThanOrEqual(7 * 86_400_000)
  for (const words of [
    'Hola, Ana:',
    '¡Gracias por comprar Pack <b>IA</b> & más!',
    message.link ?? '',
    'válido durante 7 días y solo se puede usar una vez',
    'Inicia sesión en http://localhost/login',
    '«Mi compra» tiene la descarga del pack, disponible durante 15 días desde la compra',
    'Bono 1, el curso de automatización con n8n, y Bono 2, el programa máster',
    'Escríbenos a soporte@localhost',
    '48 horas',
  ]) {
    expect(message.text).toContain(words)
  }
  expect(message.html).toContain('Pack &lt;b&gt;IA&lt;/b&gt; &amp; más')
  expect(message.html).not.toContain('<b>')
  expect(message.html).not.toMatch(/<img|<link|@import|url\(/)

  // The link works once: the buyer chooses a password and signs in with it.
  expect((await setPassword(message.link, 'my very own password')).statusCode).toBe(200)
  await signIn(server, { email: buyer.email, password: 'my very own password' })
  expect((await setPassword(message.link, 'another password')).json()).toMatchObject({
    code: 401,
    type: 'user_invalid_token',
  })
  expect(await readQueuedEmail(server.database, id)).toMatchObject({
    attempts: 1,
    lastError: null,
    lockedUntil: null,
    sentAt: expect.any(Date),
  })
})

it('welcomes in English, naming the pack when the provider gave no product name', async () => {
  const buyer = await createMember(server.database, { name: '' })
  const order = await insertOrder(server.database, { userId: buyer.id, product: '' })
  const { message } = await send({ kind: 'welcome', userId: buyer.id, orderId: order.id, language: 'en' })
  expect(message.subject).toBe('Thank you for your purchase: your access to Projects Gallery')
  expect(message.text).toMatch(/^Hello,\n/)
  expect(message.text).toContain('Thank you for buying Pack of 700+ AI apps!')
  expect(message.text).toContain(
    '“My purchase” has the bundle download, available for 15 days after the purchase',
  )
  expect(message.html).toContain('<html lang="en">')
  expect((await setPassword(message.link, 'an english password')).statusCode).toBe(200)
})

it('tells a member who bought again that the purchase is recorded, and changes no password', async () => {
  const member = await createMember(server.database)
  const order = await insertOrder(server.database, { userId: member.id, product: 'Pack de 700+ apps' })
  const { message } = await send({ kind: 'purchase', userId: member.id, orderId: order.id, language: 'es' })
  expect(message.subject).toBe('Tu compra en Projects Gallery')
  expect(message.link).toBeUndefined()
  expect(message.text).not.toContain('secret=')
  for (const words of [
    'La compra ya está registrada en tu cuenta',
    'Tu contraseña no ha cambiado',
    'http://localhost/login',
    'http://localhost/forgot-password',
    '«Mi compra»',
    'soporte@localhost',
  ]) {
    expect(message.text).toContain(words)
  }
  await signIn(server, member)
})

it('warns an inactive member 30 days before the block, in their language', async () => {
  const member = await createMember(server.database, { name: 'Sam' })
  const { message } = await send({ kind: 'inactivity-warning', userId: member.id, language: 'en' })
  expect(message.subject).toBe('Your Projects Gallery account will be blocked in 30 days')
  for (const words of [
    'Hello Sam,',
    'accounts inactive for more than one year are blocked, and reactivating them costs $30 USD',
    'just sign in once before then',
    'http://localhost/login',
    'soporte@localhost',
  ]) {
    expect(message.text).toContain(words)
  }
  expect(message.link).toBeUndefined()
})
