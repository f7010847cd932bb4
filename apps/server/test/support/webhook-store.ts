import { count, eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { emailQueue, orderEvents, orders, sessions, users } from '../../src/platform/db/schema'
import type { AppConfig } from '../../src/app'
import { createMailbox, startTestServer, type TestServer } from './test-app'
import type { WebhookDelivery } from './webhook-deliveries'

export const WEBHOOK_SECRETS = {
  stripe: 'whsec_test_secret_for_the_store',
  hotmart: 'hottok-test-secret-for-the-store',
  lemonsqueezy: 'lemon-test-secret-for-the-store',
}

/**
 * A store with every provider's webhook on, an in-memory mailbox and a known public origin; `config`
 * adds settings (the products that grant access, a log level).
 */
export async function startSellingStore(
  config: Partial<AppConfig> = {},
  options: { logStream?: { write: (line: string) => void } } = {},
) {
  const mailbox = createMailbox()
  const server = await startTestServer({
    mailer: mailbox,
    config: { webhookSecrets: WEBHOOK_SECRETS, publicOrigin: 'https://tienda.example.test', ...config },
    ...options,
  })
  return { server, mailbox }
}

export async function deliver(server: TestServer, delivery: WebhookDelivery) {
  const response = await server.app.inject({
    method: 'POST',
    url: delivery.path,
    payload: delivery.body,
    headers: { 'content-type': 'application/json', ...delivery.headers },
  })
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() }
}

/** Delivers and expects the store to have committed it. */
export async function deliverOk(server: TestServer, delivery: WebhookDelivery) {
  const answer = await deliver(server, delivery)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}

/** Everything a delivery can change, to prove that a refused or repeated one changed nothing. */
export async function storeState(server: TestServer) {
  const { db } = server.database
  const total = async (
    table: typeof orders | typeof orderEvents | typeof users | typeof emailQueue | typeof sessions,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0
  return {
    orders: await db.select().from(orders).orderBy(orders.sequence),
    events: await total(orderEvents),
    users: await db
      .select({ email: users.email, blockedReason: users.blockedReason, passwordHash: users.passwordHash })
      .from(users)
      .orderBy(users.sequence),
    queued: await total(emailQueue),
    sessions: await total(sessions),
  }
}

export async function orderOf(server: TestServer, provider: string, providerOrderId: string) {
  const [row] = await server.database.db
    .select()
    .from(orders)
    .where(sql`${orders.provider} = ${provider} AND ${orders.providerOrderId} = ${providerOrderId}`)
  return row
}

export async function queuedFor(server: TestServer, email: string) {
  return server.database.db
    .select({ kind: emailQueue.kind, language: emailQueue.language, orderId: emailQueue.orderId })
    .from(emailQueue)
    .innerJoin(users, eq(users.id, emailQueue.userId))
    .where(sql`lower(${users.email}) = lower(${email})`)
    .orderBy(emailQueue.sequence)
}

/** The next email to this address (others sent meanwhile are passed over). */
export async function mailTo(mailbox: ReturnType<typeof createMailbox>, email: string) {
  for (;;) {
    const message = await mailbox.next()
    if (message.to === email) return message
  }
}
