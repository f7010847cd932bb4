import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createUserRepository } from '../../src/members/account/user-repository'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { tokens, users } from '../../src/platform/db/schema'
import { StoreOriginNotConfigured } from '../../src/platform/http/store-origin'
import { enqueueEmail } from '../../src/mail/email-queue'
import { createEmailRecipients } from '../../src/members/account/email-recipients'
import { createMemberRepositories } from '../../src/members/account/member-repositories'
import { createEmailQueue, MAX_ATTEMPTS, type QueuedEmailFailure } from '../../src/mail/email-queue-sender'
import type { Mailer } from '../../src/mail/mailer'
import { createPublishedStoreIdentity } from '../../src/storefront/published-store-identity'
import { createMember } from '../support/factories'
import { readQueuedEmail } from '../support/queued-emails'
import { createMailbox } from '../support/test-app'
import { createTestDatabase } from '../support/test-database'

/** What the queue does when an email cannot, or should no longer, be sent (issue 11). */
let database: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const MINUTE = 60_000

function queueWith(options: { mailer: Mailer; now: () => Date; linkOrigin?: () => string }) {
  const failures: { error: unknown; email: QueuedEmailFailure | undefined }[] = []
  const queue = createEmailQueue({
    recipients: createEmailRecipients(createMemberRepositories(database.db)),
    database,
    linkOrigin: () => 'https://shop.example.test',
    storeIdentity: createPublishedStoreIdentity({
      database,
      supportEmail: 'help@shop.example.test',
      listen: false,
    }).read,
    onError: (error, email) => failures.push({ error, email }),
    ...options,
  })
  return { queue, failures }
}

/** A mailer that refuses the way an SMTP server does, naming the recipient and a link. */
const refusingMailer = (): Mailer & { calls: number } => {
  const mailer = {
    calls: 0,
    async send(message: Parameters<Mailer['send']>[0]) {
      mailer.calls += 1
      throw Object.assign(new Error(`Can't send mail to ${message.to} with ${message.link ?? 'no link'}`), {
        code: 'EENVELOPE',
      })
    },
  }
  return mailer
}

async function welcome() {
  const member = await createMember(database)
  const id = await enqueueEmail(database.db, { kind: 'welcome', userId: member.id, language: 'es' })
  return { member, id }
}

it('keeps a failed email pending with a short reason and sends it once after the backoff', async () => {
  let clock = new Date(Date.now() + 1000)
  const { member, id } = await welcome()
  const refusing = queueWith({ mailer: refusingMailer(), now: () => clock })
  expect(await refusing.queue.runOnce()).toBe(0)
  const row = await readQueuedEmail(database, id)
  expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null })
  expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(MINUTE)
  expect(row.lastError).toBe("EENVELOPE: Can't send mail to [email] with [address]")
  expect(row.lastError).not.toContain(member.email)
  expect(refusing.failures.map((failure) => failure.email)).toEqual([
    { id, kind: 'welcome', attempts: 1, final: false },
  ])

  const mailbox = createMailbox()
  expect(await queueWith({ mailer: mailbox, now: () => clock }).queue.runOnce()).toBe(0)
  clock = new Date(clock.getTime() + MINUTE)
  expect(await queueWith({ mailer: mailbox, now: () => clock }).queue.runOnce()).toBe(1)
  expect(await queueWith({ mailer: mailbox, now: () => clock }).queue.runOnce()).toBe(0)
  expect(mailbox.messages.map((message) => message.to)).toEqual([member.email])
  expect(await readQueuedEmail(database, id)).toMatchObject({ status: 'sent', attempts: 2 })
})

it('gives up after the last attempt, waiting longer between each, and says so', async () => {
  let clock = new Date(Date.now() + 1000)
  const { id } = await welcome()
  const mailer = refusingMailer()
  const { queue, failures } = queueWith({ mailer, now: () => clock })
  const waits: number[] = []
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    expect(await queue.runOnce()).toBe(0)
    const row = await readQueuedEmail(database, id)
    waits.push((row.nextAttemptAt.getTime() - clock.getTime()) / MINUTE)
    clock = row.nextAttemptAt
  }
  expect(mailer.calls).toBe(MAX_ATTEMPTS)
  expect(waits.slice(0, 6)).toEqual([1, 5, 15, 60, 360, 360])
  expect(await readQueuedEmail(database, id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
  expect(failures.at(-1)?.email).toMatchObject({ attempts: MAX_ATTEMPTS, final: true })
  clock = new Date(clock.getTime() + 24 * 60 * MINUTE)
  expect(await queue.runOnce()).toBe(0)
  expect(mailer.calls).toBe(MAX_ATTEMPTS)
})

it('leaves emails pending while the store has no origin, says so once, and sends them once it has', async () => {
  let clock = new Date(Date.now() + 1000)
  const { id } = await welcome()
  const mailbox = createMailbox()
  const { queue, failures } = queueWith({
    mailer: mailbox,
    now: () => clock,
    linkOrigin: () => {
      throw new StoreOriginNotConfigured()
    },
  })
  for (let run = 0; run < 3; run += 1) {
    expect(await queue.runOnce()).toBe(0)
    clock = new Date(clock.getTime() + MINUTE)
  }
  expect(failures).toHaveLength(1)
  expect(failures[0]?.error).toBeInstanceOf(StoreOriginNotConfigured)
  expect(await readQueuedEmail(database, id)).toMatchObject({
    status: 'pending',
    attempts: 0,
    lastError: 'PUBLIC_ORIGIN is not set: no link to the store can be built',
  })
  expect(mailbox.messages).toEqual([])
  // No invitation was issued for a message never composed.
  const row = await readQueuedEmail(database, id)
  expect(await database.db.select().from(tokens).where(eq(tokens.userId, row.userId))).toEqual([])

  expect(await queueWith({ mailer: mailbox, now: () => clock }).queue.runOnce()).toBe(1)
  expect(await readQueuedEmail(database, id)).toMatchObject({ status: 'sent', attempts: 1 })
})

it('does not send what no longer holds: a welcome to a blocked or disabled member, a warning after a sign-in', async () => {
  const refunded = await welcome()
  await database.db.update(users).set({ blockedReason: 'refunded' }).where(eq(users.id, refunded.member.id))
  const disabled = await createMember(database)
  const purchase = await enqueueEmail(database.db, { kind: 'purchase', userId: disabled.id, language: 'es' })
  await createUserRepository(database.db).setEnabled(disabled.id, false)
  const returning = await createMember(database)
  const warning = await enqueueEmail(database.db, {
    kind: 'inactivity-warning',
    userId: returning.id,
    language: 'en',
  })
  await createUserRepository(database.db).touchAccessed(returning.id, new Date(Date.now() + MINUTE))

  // The queue's clock once every email is queued: setting it up took seconds on one busy core, and an
  // email queued after the clock was not due yet (issue 40).
  const clock = new Date(Date.now() + 1000)
  const mailbox = createMailbox()
  const { queue, failures } = queueWith({ mailer: mailbox, now: () => clock })
  expect(await queue.runOnce()).toBe(0)
  expect(mailbox.messages).toEqual([])
  expect(failures).toEqual([])
  expect(await readQueuedEmail(database, refunded.id)).toMatchObject({
    status: 'skipped',
    lastError: 'not sent: the member has no access',
  })
  expect((await readQueuedEmail(database, purchase)).status).toBe('skipped')
  expect(await readQueuedEmail(database, warning)).toMatchObject({
    status: 'skipped',
    lastError: 'not sent: the member signed in since',
  })
  expect(await database.db.select().from(tokens).where(eq(tokens.userId, refunded.member.id))).toEqual([])
})
