import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { z } from 'zod'
import {
  hotmartDelivery,
  lemonSqueezyDelivery,
  stripeDelivery,
  type WebhookDelivery,
} from '../../apps/server/test/support/webhook-deliveries'
import { REPO_ROOT, serverEnvironment, type Store } from './server'
import type { SunkEmail } from './smtp-sink'

/**
 * What the webhook bench sends at once, and what the store must hold and have sent afterwards: 140
 * buyers, 20 of whom buy again with another provider in the same burst (160 purchases: Stripe, Hotmart
 * and Lemon Squeezy in turn, a quarter of them in English), and 40 purchases delivered twice, as a
 * provider's retry racing its first delivery (200 deliveries).
 */
export const BUYERS = 140
export const TWICE = 20
export const DUPLICATES = 40
export const WEBHOOK_SECRETS = { stripe: 'whsec_bench', hotmart: 'hottok-bench', lemonsqueezy: 'lemon-bench' }

type Provider = keyof typeof WEBHOOK_SECRETS
const PROVIDERS: Provider[] = ['stripe', 'hotmart', 'lemonsqueezy']

interface Purchase {
  provider: Provider
  orderId: string
  email: string
  delivery: WebhookDelivery
}

function purchase(key: number, provider: Provider, email: string): Purchase {
  const english = key % 4 === 0
  switch (provider) {
    case 'stripe': {
      const orderId = `pi_bench_${key}`
      const secret = WEBHOOK_SECRETS.stripe
      const type = 'checkout.session.completed'
      const delivery = stripeDelivery({ secret, type, orderId, email, locale: english ? 'en' : null })
      return { provider, orderId, email, delivery }
    }
    case 'hotmart': {
      const orderId = `HPBENCH${key}`
      const hottok = WEBHOOK_SECRETS.hotmart
      const delivery = hotmartDelivery({ hottok, event: 'PURCHASE_APPROVED', transaction: orderId, email })
      return { provider, orderId, email, delivery }
    }
    case 'lemonsqueezy': {
      const orderId = String(80_000 + key)
      const secret = WEBHOOK_SECRETS.lemonsqueezy
      const lang = english ? 'en' : undefined
      const delivery = lemonSqueezyDelivery({ secret, event: 'order_created', orderId, email, lang })
      return { provider, orderId, email, delivery }
    }
  }
}

export type WebhookPlan = ReturnType<typeof planBurst>

/** The burst, shuffled, and what it is made of. */
export function planBurst() {
  const buyers = Array.from({ length: BUYERS }, (_, index) => `buyer-${index}@example.com`)
  const purchases = buyers.map((email, index) => purchase(index, PROVIDERS[index % 3] ?? 'stripe', email))
  buyers.slice(0, TWICE).forEach((email, index) => {
    purchases.push(purchase(BUYERS + index, PROVIDERS[(index + 1) % 3] ?? 'stripe', email))
  })
  const step = Math.floor(purchases.length / DUPLICATES)
  const again = purchases.filter((_, index) => index % step === 0).slice(0, DUPLICATES)
  const sent = [...purchases, ...again]
    .map((item) => ({ item, order: Math.random() }))
    .sort((a, b) => a.order - b.order)
    .map(({ item }) => item.delivery)
  return { buyers, purchases, sent }
}

/** A welcome carries the link to choose a password; a purchase note does not. */
export const isWelcome = (email: SunkEmail) => email.source.includes('/reset-password?')

const webhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() })
const orderList = z.array(
  z.object({
    provider: z.string(),
    providerOrderId: z.string(),
    status: z.string(),
    email: z.string().nullable(),
  }),
)
const memberList = z.array(z.object({ email: z.string(), status: z.string() }))

/** `npm run admin -- <argv> --json` on the bench's store (through the running server on PGlite). */
async function admin(store: Store, argv: string[]): Promise<unknown> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', ...argv, '--json'], {
    cwd: REPO_ROOT,
    env: serverEnvironment(store, {}),
    maxBuffer: 64 * 1024 * 1024,
  })
  return JSON.parse(stdout)
}

function parsedAnswer(body: string) {
  try {
    return webhookAnswer.safeParse(JSON.parse(body))
  } catch {
    return undefined
  }
}

const sameList = (a: string[], b: string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort())

/** The answers, the store's orders and members and the emails sent against the plan; the failed checks. */
export async function checkBurst(
  plan: WebhookPlan,
  outcome: { store: Store; statuses: number[]; bodies: string[]; emails: SunkEmail[] },
): Promise<string[]> {
  const failures: string[] = []
  const expect = (ok: boolean, what: string) => {
    if (!ok) failures.push(what)
  }
  const { purchases, buyers } = plan
  const refused = outcome.statuses.filter((status) => status !== 200).length
  expect(refused === 0, `answers: ${refused} not 200`)
  const fresh = outcome.bodies.filter((body) => parsedAnswer(body)?.data?.duplicate === false).length
  expect(fresh === purchases.length, `answers: ${fresh} new (expected ${purchases.length})`)

  const orders = orderList.parse(await admin(outcome.store, ['orders', 'list']))
  expect(
    sameList(
      orders.map((order) => `${order.provider} ${order.providerOrderId} ${order.status} ${order.email}`),
      purchases.map((item) => `${item.provider} ${item.orderId} paid ${item.email}`),
    ),
    `orders: ${orders.length} (expected ${purchases.length}, each paid, to its buyer)`,
  )
  const members = memberList.parse(await admin(outcome.store, ['users', 'list']))
  expect(
    sameList(
      members.map((member) => `${member.email} ${member.status}`),
      buyers.map((email) => `${email} enabled`),
    ),
    `members: ${members.length} (expected ${buyers.length}, enabled)`,
  )

  const kinds = new Map<string, string[]>()
  for (const email of outcome.emails) {
    for (const to of email.to)
      kinds.set(to, [...(kinds.get(to) ?? []), isWelcome(email) ? 'welcome' : 'purchase'])
  }
  const wrong = buyers.filter(
    (email, index) =>
      !sameList(kinds.get(email) ?? [], index < TWICE ? ['welcome', 'purchase'] : ['welcome']),
  )
  expect(
    outcome.emails.length === purchases.length && wrong.length === 0,
    `emails: ${outcome.emails.length} (expected ${purchases.length}); ${wrong.length} buyer(s) with the wrong ones`,
  )
  return failures
}
