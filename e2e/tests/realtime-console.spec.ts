import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { stripeDelivery } from '../../apps/server/test/support/webhook-deliveries'
import { STRIPE_PAYMENT_LINK, STRIPE_WEBHOOK_SECRET } from '../store-settings'
import { chooseLanguage, expect, signIn, signInThroughApi, test } from './fixtures'
import { axeViolations, targetSizeProblems } from './accessibility'

/**
 * The owner's console kept current (issue 45): a payment Stripe reports reaches the open console over
 * Realtime, whose figures and lists change without a reload, with a notice the owner may switch off.
 * Other tests' sales reach every open console too: each test looks for its own buyer.
 */

// One at a time: each test's sale reaches every open console, and two notices arriving within one render
// show only the later (a clean run lost "the second sale" to the English axe test's sale that way).
test.describe.configure({ mode: 'serial' })

const buyerEmail = (name: string) => `e2e-live-${name}-${randomBytes(4).toString('hex')}@example.com`

/** A signed Stripe checkout of the store's bundle, paid by `email`, as Stripe delivers it. */
async function stripeSale(request: APIRequestContext, email: string, amount = 2500) {
  const paid = stripeDelivery({
    secret: STRIPE_WEBHOOK_SECRET,
    type: 'checkout.session.completed',
    email,
    amount,
    currency: 'usd',
    paymentLink: STRIPE_PAYMENT_LINK,
  })
  const delivered = await request.post(paid.path, { data: paid.body, headers: paid.headers })
  expect(delivered.status(), await delivered.text()).toBe(200)
}

/**
 * Resolves once the server has taken the console's subscription: the socket opens ("Live") a moment
 * before the SDK subscribes, and a sale in between would not be heard. Call before opening the page.
 */
function consoleSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString()
        if (text.includes('"to":"subscribe"') && text.includes('console.orders')) resolve()
      })
    })
  })
}

declare global {
  interface Window {
    /** Each text the page's status regions came to hold, in order (what a screen reader was told). */
    announced?: string[]
  }
}

/**
 * Keeps what the page's status regions announce: another test's sale may take the notice's place a
 * moment later, so a test asks whether its sale was told, not only what shows now. Call before opening.
 */
async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const announced: string[] = []
    window.announced = announced
    new MutationObserver(() => {
      for (const region of document.querySelectorAll('[role="status"]')) {
        const text = region.textContent ?? ''
        if (text !== '' && announced.at(-1) !== text) announced.push(text)
      }
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  return () => page.evaluate(() => window.announced ?? [])
}

const paidOrders = (page: Page) =>
  page
    .getByRole('region', { name: 'Sales in the last 30 days', exact: true })
    .locator('dt')
    .filter({ hasText: /^Paid orders$/ })
    .locator('xpath=following-sibling::dd[1]')

const count = async (page: Page) => Number((await paidOrders(page).textContent())?.replace(/\D/g, ''))

const saleNotices = (page: Page, sale = /^(New sale|Refund|Dispute): /) =>
  page.getByRole('status').filter({ hasText: sale })

test('a Stripe payment shows on the open console without a reload, with a notice the owner can switch off', async ({
  page,
  admin,
  request,
}) => {
  test.slow()
  const announced = await recordAnnouncements(page)
  const subscribed = consoleSubscribed(page)
  await signIn(page, admin, '/admin')
  await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible()
  await expect(page.getByText('Live', { exact: true })).toBeVisible()
  await subscribed
  await expect(paidOrders(page)).toHaveText(/^\d[\d,]*$/)
  const before = await count(page)

  // The figures change and the notice says who paid what, politely, with no reload.
  const first = buyerEmail('first')
  await stripeSale(request, first)
  await expect.poll(announced).toContain(`New sale: $25.00 — ${first}`)
  await expect.poll(() => count(page)).toBeGreaterThan(before)
  await expect(saleNotices(page)).toBeVisible()

  // It stays on the other console pages; the orders list takes in the next sale where the owner is.
  const sections = page.getByRole('navigation', { name: 'Console sections' })
  await sections.getByRole('link', { name: 'Orders' }).click()
  const status = page.getByRole('form', { name: 'Filter orders' }).getByLabel('Status')
  await status.selectOption('paid')
  await expect(page).toHaveURL(/status=paid/)
  await expect(saleNotices(page)).toBeVisible()
  const second = buyerEmail('second')
  await stripeSale(request, second, 4900)
  await expect.poll(announced).toContain(`New sale: $49.00 — ${second}`)
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: second })).toBeVisible()
  await expect(status).toHaveValue('paid')

  // Dismissed, then switched off: the next sale changes the figures but tells nothing, after a reload too.
  await page.getByRole('button', { name: 'Dismiss notice' }).click()
  await expect(saleNotices(page, new RegExp(second))).toHaveCount(0)
  const notices = page.getByRole('switch', { name: 'Sale notices' })
  await expect(notices).toHaveAttribute('aria-checked', 'true')
  await notices.click()
  await expect(notices).toHaveAttribute('aria-checked', 'false')
  await expect(saleNotices(page)).toHaveCount(0)
  await sections.getByRole('link', { name: 'Overview' }).click()
  await expect(paidOrders(page)).toHaveText(/^\d[\d,]*$/)
  const beforeThird = await count(page)
  const third = buyerEmail('third')
  await stripeSale(request, third)
  await expect.poll(() => count(page)).toBeGreaterThan(beforeThird)
  await expect(saleNotices(page)).toHaveCount(0)
  expect((await announced()).filter((text) => text.includes(third))).toEqual([])

  await page.reload()
  await expect(page.getByRole('switch', { name: 'Sale notices' })).toHaveAttribute('aria-checked', 'false')
})

test('a corrupt switch in storage counts as on', async ({ page, admin, request }) => {
  await page.addInitScript(() => localStorage.setItem('console.saleNotices', '{"not":"ours"}'))
  const announced = await recordAnnouncements(page)
  const subscribed = consoleSubscribed(page)
  await signIn(page, admin, '/admin')
  await expect(page.getByRole('switch', { name: 'Sale notices' })).toHaveAttribute('aria-checked', 'true')
  await subscribed
  const buyer = buyerEmail('corrupt')
  await stripeSale(request, buyer)
  await expect.poll(announced).toContain(`New sale: $25.00 — ${buyer}`)
})

for (const language of ['es', 'en'] as const) {
  test(`WCAG 2.2 AA: the console with a sale's notice shown (${language})`, async ({
    page,
    admin,
    request,
  }) => {
    test.slow()
    await signInThroughApi(page, admin)
    await chooseLanguage(page, language)
    const announced = await recordAnnouncements(page)
    const subscribed = consoleSubscribed(page)
    await page.goto('/admin')
    const texts =
      language === 'es'
        ? { heading: 'Resumen', live: 'En vivo', sale: 'Nueva venta: ', open: 'Ver pedido' }
        : { heading: 'Overview', live: 'Live', sale: 'New sale: ', open: 'View order' }
    await expect(page.getByRole('heading', { level: 2, name: texts.heading })).toBeVisible()
    await expect(page.getByText(texts.live, { exact: true })).toBeVisible()
    await subscribed
    const buyer = buyerEmail(language)
    await stripeSale(request, buyer)
    await expect.poll(announced).toContainEqual(expect.stringMatching(`^${texts.sale}.* — ${buyer}$`))
    await expect(saleNotices(page, new RegExp(`^${texts.sale}`))).toBeVisible()
    await expect(page.getByRole('link', { name: texts.open })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    // On a phone too: the header's line and switch wrap, the notice's link and button stay reachable.
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await targetSizeProblems(page)).toEqual([])
    expect(await axeViolations(page)).toEqual([])
  })
}
