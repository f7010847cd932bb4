import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openServerDatabase, type DatabaseHandle } from '../../src/platform/db/client'
import { enqueueEmail } from '../../src/mail/email-queue'
import { createEmailRecipients } from '../../src/members/account/email-recipients'
import { createMemberRepositories } from '../../src/members/account/member-repositories'
import { createPublishedStoreIdentity } from '../../src/storefront/published-store-identity'
import { createEmailQueue } from '../../src/mail/email-queue-sender'
import type { Mailer } from '../../src/mail/mailer'
import { createMember } from '../support/factories'
import { readQueuedEmail } from '../support/queued-emails'
import { createMailbox } from '../support/test-app'
import { databaseUrlFor } from '../support/template-database'
import { createTestDatabase } from '../support/test-database'

/** Queued emails go out once each, whoever sends them and whatever stops in between (issue 11). */
let database: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const queueWith = (mailer: Mailer, now?: () => Date, on = database) =>
  createEmailQueue({
    recipients: createEmailRecipients(createMemberRepositories(on.db)),
    database: on,
    mailer,
    linkOrigin: () => 'http://shop.example.test',
    storeIdentity: createPublishedStoreIdentity({
      database: on,
      supportEmail: 'help@shop.example.test',
      listen: false,
    }).read,
    onError: (error) => {
      throw error
    },
    ...(now ? { now } : {}),
  })

/** Members each with a queued email; returns the queue rows' ids. */
async function queueWelcomes(count: number) {
  const members = await Promise.all(Array.from({ length: count }, () => createMember(database)))
  const ids: string[] = []
  for (const member of members) {
    ids.push(await enqueueEmail(database.db, { kind: 'welcome', userId: member.id, language: 'es' }))
  }
  return ids
}

/** The same PostgreSQL database through a pool of its own; the embedded database has one connection. */
async function otherProcessDatabase(): Promise<DatabaseHandle | undefined> {
  const baseUrl = process.env.TEST_DATABASE_URL
  if (database.kind !== 'postgres' || !baseUrl) return undefined
  const [row] = await database.rows(sql`SELECT current_database() AS name`)
  return openServerDatabase(databaseUrlFor(baseUrl, String(row?.name)), 5)
}

/** A mailer as slow as a real one, so that two senders overlap. */
const slowMailbox = () => {
  const mailbox = createMailbox()
  const send = mailbox.send
  return Object.assign(mailbox, {
    send: async (message: Parameters<Mailer['send']>[0]) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      await send(message)
    },
  })
}

it('sends each email once when two senders race on the same rows', async () => {
  const ids = await queueWelcomes(16)
  const first = slowMailbox()
  const second = slowMailbox()
  // On PostgreSQL the second sender has connections of its own, as another process would.
  const other = await otherProcessDatabase()
  const [a, b] = [queueWith(first), queueWith(second, undefined, other ?? database)]
  const counts = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()])
  await other?.close()
  expect(counts.reduce((sum, count) => sum + count, 0)).toBe(16)
  const messages = [...first.messages, ...second.messages]
  expect(messages).toHaveLength(16)
  expect(new Set(messages.map((message) => message.messageId)).size).toBe(16)
  expect(new Set(messages.map((message) => message.to)).size).toBe(16)
  for (const id of ids)
    expect(await readQueuedEmail(database, id)).toMatchObject({ status: 'sent', attempts: 1 })
})

it('runs once more when kicked during a run, and stop() waits for the run in progress', async () => {
  const ids = await queueWelcomes(3)
  const mailbox = slowMailbox()
  const queue = queueWith(mailbox)
  queue.kick()
  const later = await queueWelcomes(2)
  queue.kick()
  queue.kick()
  await Promise.all([1, 2, 3, 4, 5].map(() => mailbox.next()))
  await queue.stop()
  expect(mailbox.messages).toHaveLength(5)
  for (const id of [...ids, ...later]) expect((await readQueuedEmail(database, id)).status).toBe('sent')
  // A stopped queue sends nothing more.
  const [afterStop = ''] = await queueWelcomes(1)
  queue.kick()
  expect(await queue.runOnce()).toBe(0)
  expect((await readQueuedEmail(database, afterStop)).status).toBe('pending')
  expect(await queueWith(mailbox).runOnce()).toBe(1)
})

it('polls once started: an email queued by another process goes out without a kick', async () => {
  const mailbox = createMailbox()
  const queue = createEmailQueue({
    recipients: createEmailRecipients(createMemberRepositories(database.db)),
    database,
    mailer: mailbox,
    linkOrigin: () => 'http://shop.example.test',
    storeIdentity: createPublishedStoreIdentity({ database, supportEmail: undefined, listen: false }).read,
    onError: (error) => {
      throw error
    },
    pollIntervalMs: 50,
  })
  queue.start()
  const [id = ''] = await queueWelcomes(1)
  const message = await mailbox.next()
  await queue.stop()
  expect(message.messageId).toBe(`<email-queue.${id}@shop.example.test>`)
  expect(message.text).toContain('soporte@localhost')
})

it('keeps emails across a restart, and one whose sender died mid-send is sent once its claim ends', async () => {
  const clock = new Date(Date.now() + 1000)
  const [id = ''] = await queueWelcomes(1)
  // The first process claims the email and dies before the mail server answers.
  const died = queueWith({ send: () => new Promise<void>(() => undefined) }, () => clock)
  void died.runOnce()
  await expect.poll(async () => (await readQueuedEmail(database, id)).lockedUntil).not.toBeNull()

  const mailbox = createMailbox()
  expect(await queueWith(mailbox, () => clock).runOnce()).toBe(0)
  const afterTheClaim = new Date(clock.getTime() + 11 * 60_000)
  expect(await queueWith(mailbox, () => afterTheClaim).runOnce()).toBe(1)
  expect(mailbox.messages.map((message) => message.messageId)).toEqual([
    `<email-queue.${id}@shop.example.test>`,
  ])
  expect(await readQueuedEmail(database, id)).toMatchObject({ status: 'sent', attempts: 2 })
})
