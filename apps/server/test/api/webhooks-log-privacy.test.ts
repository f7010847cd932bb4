import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMailbox, startTestServer, type TestServer } from '../support/test-app'
import { hotmartDelivery, stripeDelivery, stripeSignature } from '../support/webhook-deliveries'
import { deliver, WEBHOOK_SECRETS } from '../support/webhook-store'

/** Issue 11: webhooks log what happened (provider, event, order), never a secret or the payload. */
let server: TestServer
const lines: string[] = []
const log = () => lines.join('')

beforeAll(async () => {
  server = await startTestServer({
    mailer: createMailbox(),
    config: {
      logLevel: 'info',
      webhookSecrets: WEBHOOK_SECRETS,
      publicOrigin: 'https://tienda.example.test',
    },
    logStream: { write: (line) => void lines.push(line) },
  })
})
afterAll(() => server.close())

it('logs recorded and refused deliveries without the secret, the signature, the buyer or the payload', async () => {
  // Hotmart puts the hottok in the body too: logging the body would leak it.
  const hotmart = hotmartDelivery({
    hottok: WEBHOOK_SECRETS.hotmart,
    event: 'PURCHASE_APPROVED',
    email: 'private-buyer@example.com',
    name: 'Nombre Privado',
  })
  expect((await deliver(server, hotmart)).status).toBe(200)
  const stripe = stripeDelivery({
    secret: WEBHOOK_SECRETS.stripe,
    type: 'checkout.session.completed',
    email: 'other-buyer@example.com',
  })
  const forged = stripeSignature(stripe.body, 'whsec_forged')
  expect((await deliver(server, { ...stripe, headers: { 'stripe-signature': forged } })).status).toBe(401)

  expect(log()).toMatch(/webhook recorded/)
  expect(log()).toMatch(/webhook refused/)
  for (const secret of [
    ...Object.values(WEBHOOK_SECRETS),
    forged,
    'private-buyer@example.com',
    'other-buyer@example.com',
    'Nombre Privado',
  ]) {
    expect(log()).not.toContain(secret)
  }
  expect(log()).not.toContain('"data"')
})
