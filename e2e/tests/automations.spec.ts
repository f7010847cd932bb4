import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Locator, Page } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { PROJECT_ID } from '../store-settings'
import { axeViolations, targetSizeProblems } from './accessibility'
import { chooseLanguage, expect, lookAt, signIn, signInThroughApi, test } from './fixtures'

/**
 * Issue 44 in Chromium: the owner makes an API key on "Automations" (its secret shown once, gone after
 * "I have saved it" and after a reload), adds a webhook endpoint pointing at a receiving server started
 * here on 127.0.0.1 (the e2e store runs with WEBHOOK_ALLOW_PRIVATE=1), sends a test event and sees it
 * delivered in the log; the receiver checks the Standard Webhooks signature with the `standardwebhooks`
 * library, as n8n's would. WCAG 2.2 AA at phone and desktop width in both languages.
 */

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

interface Received {
  headers: IncomingHttpHeaders
  body: string
}

/** A receiver like n8n's Webhook node on this machine: answers 200 to every POST and keeps it. */
async function startReceiver() {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhook/tienda-${randomBytes(3).toString('hex')}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The headers a Standard Webhooks receiver reads, as `Webhook.verify` takes them. */
const signatureHeaders = (headers: IncomingHttpHeaders) => ({
  'webhook-id': String(headers['webhook-id']),
  'webhook-timestamp': String(headers['webhook-timestamp']),
  'webhook-signature': String(headers['webhook-signature']),
})

/** The secret shown once in `section`'s read-only field named `label`, then "I have saved it". */
async function keepSecret(section: Locator, label: string, dismiss: string): Promise<string> {
  const field = section.getByRole('textbox', { name: label })
  await expect(field).toHaveAttribute('readonly')
  const secret = await field.inputValue()
  await section.getByRole('button', { name: dismiss }).click()
  await expect(field).toHaveCount(0)
  return secret
}

/** Nothing the page shows or keeps holds `secret`. */
async function expectForgotten(page: Page, secret: string) {
  await expect(page.locator('body')).not.toContainText(secret)
  const inputs = await page
    .locator('input')
    .evaluateAll((fields) => fields.map((field) => (field instanceof HTMLInputElement ? field.value : '')))
  expect(inputs).not.toContain(secret)
  const stored = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]))
  expect(stored).not.toContain(secret)
}

test('the owner makes a key (its secret once), adds an endpoint, sends a test event and sees it delivered, signed', async ({
  page,
  admin,
  request,
}) => {
  test.slow()
  const receiver = await startReceiver()
  const keyName = `n8n e2e ${randomBytes(3).toString('hex')}`
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, admin, '/admin/automations')
  await expect(page.getByRole('heading', { level: 2, name: 'Automations' })).toBeVisible()
  const keys = page.getByRole('region', { name: 'API keys' })
  const webhooks = page.getByRole('region', { name: 'Webhooks' })
  const log = page.getByRole('region', { name: 'Delivery log' })

  let keySecret = ''
  await test.step('makes a key from the keyboard: the form says what is missing, then the secret shows once', async () => {
    await keys.getByRole('button', { name: 'New key' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'New API key' })
    const name = dialog.getByRole('textbox', { name: 'Name' })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(name).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(name).toHaveAccessibleDescription(/Enter a name\.$/)
    await expect(dialog.getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription(
      'Tick at least one. Tick at least one scope.',
    )
    await page.keyboard.type(keyName)
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('checkbox', { name: /^users\.read See the members/ })).toBeFocused()
    await page.keyboard.press('Space')
    await page.keyboard.press('Enter')
    const heading = keys.getByRole('heading', { name: `Key created: ${keyName}` })
    await expect(heading).toBeFocused()
    await expect(dialog).toHaveCount(0)
    await expect(keys).toContainText('It will not be shown again')
    await keys.getByRole('button', { name: 'Copy: Secret key' }).click()
    await expect(keys.getByRole('status')).toHaveText('Copied to the clipboard.')
    keySecret = await keepSecret(keys, 'Secret key', 'I have saved it')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(keySecret)
    await expectForgotten(page, keySecret)
    const row = keys.getByRole('row', { name: new RegExp(`^${keyName}`) })
    await expect(row).toContainText('users.read')
    // Its expiry, then its last use: never used yet.
    await expect(row.getByRole('cell').nth(1)).toHaveText('Never expires')
    await expect(row.getByRole('cell').nth(2)).toHaveText('Never')
    await expect(row).toContainText(`${keySecret.slice(0, 12)}`)
  })

  await test.step('the key works from a server, as node-appwrite sends it, and is not shown after a reload', async () => {
    const members = await request.get('/v1/users', {
      headers: { 'x-appwrite-key': keySecret, 'x-appwrite-project': PROJECT_ID },
    })
    expect(members.status(), await members.text()).toBe(200)
    await page.reload()
    const row = keys.getByRole('row', { name: new RegExp(`^${keyName}`) })
    await expect(row).toBeVisible()
    await expect(row.getByRole('cell').nth(2)).not.toHaveText('Never')
    await expectForgotten(page, keySecret)
  })

  let signingSecret = ''
  await test.step('adds the receiver as an endpoint for paid orders: its whsec_ secret shows once', async () => {
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click()
    const dialog = page.getByRole('dialog', { name: 'New endpoint' })
    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url)
    await dialog
      .getByRole('group', { name: 'Orders' })
      .getByRole('checkbox', { name: 'Order paid order.paid' })
      .check()
    await dialog.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(webhooks.getByRole('heading', { name: `Endpoint added: ${receiver.url}` })).toBeFocused()
    signingSecret = await keepSecret(webhooks, 'Signing secret', 'I have saved it')
    expect(signingSecret).toMatch(/^whsec_/)
    await expectForgotten(page, signingSecret)
  })

  await test.step('sends a test event: queued, then delivered with a 200 in the log', async () => {
    const endpoint = webhooks.getByRole('listitem').filter({ hasText: receiver.url })
    await expect(endpoint).toContainText('Active')
    await expect(endpoint).toContainText('Events: Order paid')
    await endpoint.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click()
    await expect(
      page.getByRole('status').filter({ hasText: `Test event queued for ${receiver.url}.` }),
    ).toBeVisible()
    const row = log.getByRole('row', { name: /^Test event webhook\.test/ }).filter({ hasText: receiver.url })
    await expect(row).toContainText('Delivered', { timeout: 20_000 })
    await expect(row.getByRole('cell').nth(2)).toHaveText('200')
    await row.getByRole('button', { name: /^1 attempt/ }).click()
    const attempts = log.getByRole('table', {
      name: `Attempts of the delivery Test event to ${receiver.url}`,
    })
    await expect(attempts.getByRole('row').nth(1)).toContainText('200')
  })

  await test.step('the receiver got it once, signed: standardwebhooks verifies it with the secret', async () => {
    expect(receiver.received).toHaveLength(1)
    const [delivery] = receiver.received
    if (!delivery) throw new Error('nothing received')
    const headers = signatureHeaders(delivery.headers)
    expect(headers['webhook-id']).toMatch(/^msg_/)
    expect(headers['webhook-timestamp']).toMatch(/^\d+$/)
    expect(headers['webhook-signature']).toMatch(/^v1,/)
    const payload = new Webhook(signingSecret).verify(delivery.body, headers)
    expect(payload).toMatchObject({ type: 'webhook.test' })
    expect(() => new Webhook(signingSecret).verify(`${delivery.body} `, headers)).toThrow()
    // The log's delivery is the one received: the same id, for the receiver to deduplicate by.
    const listed = await page.request.get('/v1/store/webhooks/deliveries?limit=100')
    const { deliveries } = (await listed.json()) as { deliveries: { $id: string; url: string }[] }
    expect(deliveries.find((item) => item.url === receiver.url)?.$id).toBe(headers['webhook-id'])
  })

  await receiver.close()
})

const TEXTS = {
  es: {
    keys: 'Claves de API',
    newKey: 'Nueva clave',
    keyDialog: 'Nueva clave de API',
    submitKey: 'Crear clave',
    secret: 'Clave secreta',
    dismiss: 'Ya lo he guardado',
    addEndpoint: 'Añadir endpoint',
    endpointDialog: 'Nuevo endpoint',
    deliveries: 'Registro de entregas',
    attempts: /^1 intento/,
    testEvent: /^Evento de prueba webhook\.test/,
  },
  en: {
    keys: 'API keys',
    newKey: 'New key',
    keyDialog: 'New API key',
    submitKey: 'Create key',
    secret: 'Secret key',
    dismiss: 'I have saved it',
    addEndpoint: 'Add endpoint',
    endpointDialog: 'New endpoint',
    deliveries: 'Delivery log',
    attempts: /^1 attempt/,
    testEvent: /^Test event webhook\.test/,
  },
} as const

for (const language of ['es', 'en'] as const) {
  test(`WCAG 2.2 AA: Automations with a key, an endpoint and a delivery, its form and a secret, on a phone and a desktop (${language})`, async ({
    page,
    admin,
  }) => {
    test.slow()
    const text = TEXTS[language]
    const receiver = await startReceiver()
    await signInThroughApi(page, admin)
    // Data on the page, made as the page makes it: a key, an endpoint, a test event delivered.
    const key = await page.request.post('/v1/store/keys', {
      data: { name: `axe ${language} ${randomBytes(3).toString('hex')}`, scopes: ['orders.read'] },
    })
    expect(key.status(), await key.text()).toBe(201)
    const endpoint = await page.request.post('/v1/store/webhooks', {
      data: { url: receiver.url, events: ['order.paid', 'member.created'] },
    })
    expect(endpoint.status(), await endpoint.text()).toBe(201)
    const { $id: endpointId } = (await endpoint.json()) as { $id: string }
    expect((await page.request.post(`/v1/store/webhooks/${endpointId}/test`)).status()).toBe(202)

    /** axe and target size at both widths: a resize, not a new page. */
    const check = async (where: string) => {
      for (const [size, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport)
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        )
        expect.soft(await axeViolations(page), `${where}, ${size}: axe`).toEqual([])
        expect.soft(await targetSizeProblems(page), `${where}, ${size}: target size`).toEqual([])
        await lookAt(page, `${where} ${size} ${language}`.replaceAll(/\W+/g, '-'))
      }
    }

    await chooseLanguage(page, language)
    await page.goto('/admin/automations')
    const log = page.getByRole('region', { name: text.deliveries })
    const row = log.getByRole('row', { name: text.testEvent }).filter({ hasText: receiver.url })
    await expect(row).toContainText('200', { timeout: 20_000 })
    await row.getByRole('button', { name: text.attempts }).click()
    await check('the page with data and an attempt shown')

    const keys = page.getByRole('region', { name: text.keys })
    await keys.getByRole('button', { name: text.newKey }).click()
    const dialog = page.getByRole('dialog', { name: text.keyDialog })
    await dialog.getByRole('button', { name: text.submitKey }).click()
    await expect(dialog.getByRole('textbox').first()).toHaveAttribute('aria-invalid', 'true')
    await check('the new key form with its problems')

    await dialog
      .getByRole('textbox')
      .first()
      .fill(`axe form ${randomBytes(3).toString('hex')}`)
    await dialog.getByRole('checkbox').first().check()
    await dialog.getByRole('button', { name: text.submitKey }).click()
    await expect(keys.getByRole('textbox', { name: text.secret })).toHaveAttribute('readonly')
    await check('a new key’s secret, shown once')
    await keys.getByRole('button', { name: text.dismiss }).click()

    await page
      .getByRole('region', { name: 'Webhooks' })
      .getByRole('button', { name: text.addEndpoint })
      .click()
    const endpointDialog = page.getByRole('dialog', { name: text.endpointDialog })
    await endpointDialog.getByRole('button', { name: text.addEndpoint }).click()
    await expect(endpointDialog.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true')
    await check('the new endpoint form with its problems')
    await receiver.close()
  })
}
