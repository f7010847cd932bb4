import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Browser, BrowserContext, Page, Request } from '@playwright/test'
import { serveFlags } from '../../apps/server/test/support/server-build'
import { stripeDelivery } from '../../apps/server/test/support/webhook-deliveries'
import { nextMessageTo, SMTP_PORT } from '../smtp-outbox'
import {
  DATA_DIR,
  DATABASE_ID,
  PROJECT_ID,
  STRIPE_PAYMENT_LINK,
  STRIPE_WEBHOOK_SECRET,
  SUPPORT_EMAIL,
} from '../store-settings'
import { expect, test } from './fixtures'

/**
 * Issue 33 (decision 065), end to end: a storefront visit with a campaign, its buy click (the checkout's
 * address carries the campaign; nothing leaves the machine), the paid Stripe webhook that brings the
 * campaign back, the buyer's first sign-in, and the console's funnel of that campaign. No cookie is set
 * on the visitor by counting, and a visitor who asks not to be tracked sends nothing.
 *
 * The shared e2e store runs without CHECKOUT_URL (its storefront tests check the buy buttons without
 * one), so these tests start a store of their own with a Stripe Payment Link as its checkout: the same
 * build, its own port and data folder, mailing the same SMTP outbox.
 */
const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const PORT = Number(process.env.E2E_PORT ?? 4310) + 3
const ORIGIN = `http://127.0.0.1:${PORT}`
const STORE_DIR = `${DATA_DIR}-checkout`
const CHECKOUT_URL = 'https://buy.stripe.com/test_e2eBundle26'
/**
 * The buy buttons' label in Spanish: version 1's price through the store's money formatter ("25 US$",
 * whose no-break space Playwright reads as a space).
 */
const BUY = 'Comprar el pack por 25 US$'
// A browser's own user agent: headless Chromium names itself HeadlessChrome, which the store takes for
// a robot and does not count.
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

let store: ChildProcess | undefined

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  rmSync(path.resolve(repository, STORE_DIR), { recursive: true, force: true })
  store = spawn(process.execPath, [...serveFlags(), 'apps/server/dist/main.js'], {
    cwd: repository,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: STORE_DIR,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      SUPPORT_EMAIL,
      PROJECT_ID,
      DATABASE_ID,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_PAYMENT_LINK_IDS: STRIPE_PAYMENT_LINK,
      CHECKOUT_URL,
    },
  })
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${ORIGIN}/v1/health/version`)).status
        } catch {
          return 0
        }
      },
      { timeout: 90_000, intervals: [250] },
    )
    .toBe(200)
})

test.afterAll(async () => {
  if (store && store.exitCode === null) {
    const exited = new Promise((resolve) => store?.once('exit', resolve))
    store.kill('SIGTERM')
    await exited
  }
  rmSync(path.resolve(repository, STORE_DIR), { recursive: true, force: true })
})

/** A visitor's browser on this store: a real browser's user agent, the checkout answered here. */
async function visitorContext(browser: Browser, options = {}) {
  const context = await browser.newContext({
    baseURL: ORIGIN,
    locale: 'es-ES',
    userAgent: USER_AGENT,
    ...options,
  })
  // Nothing leaves the machine: Stripe's checkout page is a stand-in.
  await context.route('https://buy.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Stripe</title>' }),
  )
  return context
}

/** The storefront's beacons this page sends, as their JSON bodies. */
function beaconsOf(page: Page) {
  const sent: Record<string, unknown>[] = []
  page.on('request', (request: Request) => {
    if (request.url() === `${ORIGIN}/v1/store/analytics/visits`) sent.push(request.postDataJSON())
  })
  return sent
}

async function signInAs(context: BrowserContext, email: string, password: string) {
  const response = await context.request.post('/v1/account/sessions/email', { data: { email, password } })
  expect(response.status(), await response.text()).toBe(201)
}

const campaignRow = (campaigns: unknown, campaign: string) =>
  Array.isArray(campaigns) ? campaigns.find((row) => row?.campaign === campaign) : undefined

test('a campaign visit, its buy click, the paid webhook and the first sign-in appear in the console’s funnel', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const suffix = randomBytes(4).toString('hex')
  const campaign = `e2e-spring_${suffix}`

  // The visit: the landing page with the campaign in its address, then the buy click.
  const visitor = await visitorContext(browser)
  const page = await visitor.newPage()
  const beacons = beaconsOf(page)
  await page.goto(`/landing-pack-apps?utm_source=newsletter&utm_campaign=${campaign}`)
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true')
  await expect.poll(() => beacons.length).toBe(1)
  expect(beacons[0]).toEqual({
    kind: 'view',
    path: '/landing-pack-apps',
    utmSource: 'newsletter',
    utmCampaign: campaign,
    language: 'es-ES',
  })
  const buy = page.getByRole('link', { name: BUY }).first()
  await expect(buy).toHaveAttribute('href', `${CHECKOUT_URL}?client_reference_id=${campaign}`)
  await buy.click()
  await page.waitForURL(`${CHECKOUT_URL}?client_reference_id=${campaign}`)
  await expect.poll(() => beacons.length).toBe(2)
  expect(beacons[1]).toEqual({
    kind: 'buy',
    path: '/landing-pack-apps',
    utmSource: 'newsletter',
    utmCampaign: campaign,
    language: 'es-ES',
  })
  // Counting set no cookie, and kept nothing in localStorage.
  expect(await visitor.cookies()).toEqual([])
  await visitor.close()

  // Stripe reports the payment of that checkout, with the campaign the link passed.
  const email = `buyer-${suffix}@example.com`
  const paid = stripeDelivery({
    secret: STRIPE_WEBHOOK_SECRET,
    type: 'checkout.session.completed',
    orderId: `pi_e2e_campaign_${suffix}`,
    email,
    name: 'Ana Compradora',
    locale: 'es',
    paymentLink: STRIPE_PAYMENT_LINK,
    clientReferenceId: campaign,
  })
  const delivered = await fetch(`${ORIGIN}${paid.path}`, {
    method: 'POST',
    body: paid.body,
    headers: paid.headers,
  })
  expect(delivered.status, await delivered.text()).toBe(200)

  // The buyer chooses a password from the welcome email and signs in for the first time.
  const welcome = await nextMessageTo(email)
  const link = /^(http:\/\/[^\s]+\/reset-password\?[^\s]+)\r?$/m.exec(welcome)?.[1]
  if (!link) throw new Error(`No link to choose a password in:\n${welcome}`)
  const buyer = await browser.newContext({ baseURL: ORIGIN, locale: 'es-ES', userAgent: USER_AGENT })
  const buyerPage = await buyer.newPage()
  await buyerPage.goto(link)
  const password = `mi compra ${suffix}`
  await buyerPage.getByLabel('Nueva contraseña', { exact: true }).fill(password)
  await buyerPage.getByLabel('Repite la nueva contraseña').fill(password)
  await buyerPage.getByRole('button', { name: 'Guardar la contraseña' }).click()
  await expect(buyerPage.getByText('Tu contraseña ha cambiado.', { exact: false })).toBeVisible()
  await signInAs(buyer, email, password)
  await buyerPage.goto('/home')
  await expect(buyerPage).toHaveURL(/\/home$/)
  await buyer.close()

  // The owner's report and console show the campaign's whole funnel (counts are written every few seconds).
  const admin = { email: `e2e-admin-${suffix}@example.com`, password: `e2e admin password ${suffix}` }
  await promisify(execFile)(
    process.execPath,
    [
      'apps/server/dist/cli.js',
      'users',
      'create',
      '--email',
      admin.email,
      '--name',
      'Olga',
      '--password',
      admin.password,
      '--label',
      'admin',
    ],
    { cwd: repository, env: { ...process.env, DATA_DIR: STORE_DIR } },
  )
  const owner = await browser.newContext({
    baseURL: ORIGIN,
    locale: 'en-US',
    viewport: { width: 1366, height: 900 },
  })
  await signInAs(owner, admin.email, admin.password)
  await expect
    .poll(
      async () => {
        const report = await owner.request.get('/v1/store/analytics?days=7')
        if (!report.ok()) return `${report.status()} ${await report.text()}`
        return campaignRow((await report.json()).campaigns, campaign) ?? 'not yet'
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toMatchObject({ campaign, landingViews: 1, buyClicks: 1, paidOrders: 1, firstSignIns: 1 })

  const consolePage = await owner.newPage()
  await consolePage.goto('/admin/analytics?days=7')
  const campaigns = consolePage.getByRole('region', { name: 'Campaigns (utm_campaign)' })
  await campaigns.getByText('See the data').click()
  const row = campaigns.getByRole('row', { name: new RegExp(campaign) })
  // Visits, buy clicks, paid orders, first sign-ins, then the revenue.
  await expect(row.getByRole('cell')).toHaveText(['1', '1', '1', '1', /25\.00/])
  await owner.close()
})

for (const [signal, script] of [
  ['Do Not Track', "Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })"],
  [
    'Global Privacy Control',
    "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })",
  ],
] as const) {
  test(`a visitor with ${signal} sends no beacon, and the buy link carries no campaign`, async ({
    browser,
  }) => {
    const visitor = await visitorContext(browser, { extraHTTPHeaders: { DNT: '1' } })
    await visitor.addInitScript(script)
    const page = await visitor.newPage()
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/v1/store/analytics/')) sent.push(request.url())
    })
    await page.goto(`/landing-pack-apps?utm_campaign=e2e-private-${randomBytes(4).toString('hex')}`)
    await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true')
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)))
    const buy = page.getByRole('link', { name: BUY }).first()
    await expect(buy).toHaveAttribute('href', CHECKOUT_URL)
    await buy.click()
    await page.waitForURL(CHECKOUT_URL)
    expect(sent).toEqual([])
    expect(await visitor.cookies()).toEqual([])
    await visitor.close()
  })
}
