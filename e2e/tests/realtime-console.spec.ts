import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { stripeDelivery } from '../../apps/server/test/support/webhook-deliveries'
import { STRIPE_PAYMENT_LINK, STRIPE_WEBHOOK_SECRET } from '../store-settings'
import { chooseLanguage, expect, signIn, signInThroughApi, test } from './fixtures'
import { axeViolations } from './accessibility'

/**
 * The owner's console kept current (issue 45): a payment Stripe reports reaches the open console over
 * Realtime, whose figures and lists change without a reload, with a notice the owner may switch off.
 * Other tests' sales reach every open console too: each test looks for its own buyer.
 */

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

const paidOrders = (page: Page) =>
  page
    .getByRole('region', { name: 'Sales in the last 30 days', exact: true })
    .locator('dt')
    .filter({ hasText: /^Paid orders$/ })
    .locator('xpath=following-sibling::dd[1]')

const count = async (page: Page) => Number((await paidOrders(page).textContent())?.replace(/\D/g, ''))

test('a Stripe payment shows on the open console without a reload, with a notice the owner can switch off', async ({
  page,
  admin,
  request,
}) => {
  test.slow()
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
  const notices = page.getByRole('status').filter({ hasText: /^(New sale|Refund|Dispute): / })
  await expect(notices.filter({ hasText: `New sale: $25.00 — ${first}` })).toBeVisible()
  await expect.poll(() => count(page)).toBeGreaterThan(before)
  await page.screenshot({ path: '/tmp/realtime-console-notice-en.png' })

  // It stays on the other console pages; the orders list takes in the next sale where the owner is.
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Orders' })
    .click()
  await page.getByRole('form', { name: 'Filter orders' }).getByLabel('Status').selectOption('paid')
  await expect(page).toHaveURL(/status=paid/)
  await expect(notices.filter({ hasText: first })).toBeVisible()
  const second = buyerEmail('second')
  await stripeSale(request, second, 4900)
  await expect(notices.filter({ hasText: `New sale: $49.00 — ${second}` })).toBeVisible()
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: second })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Filter orders' }).getByLabel('Status')).toHaveValue('paid')

  // Dismissed, and switched off: the next sale changes the figures but shows no notice, after a reload too.
  await page.getByRole('button', { name: 'Dismiss notice' }).click()
  await expect(notices).toHaveCount(0)
  const notify = page.getByRole('switch', { name: 'Sale notices' })
  await expect(notify).toHaveAttribute('aria-checked', 'true')
  await notify.click()
  await expect(notify).toHaveAttribute('aria-checked', 'false')
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Overview' })
    .click()
  await expect(paidOrders(page)).toHaveText(/^\d[\d,]*$/)
  const beforeThird = await count(page)
  const third = buyerEmail('third')
  await stripeSale(request, third)
  await expect.poll(() => count(page)).toBeGreaterThan(beforeThird)
  await expect(notices).toHaveCount(0)
  await expect(page.getByText(third)).toHaveCount(0)

  await page.reload()
  await expect(page.getByRole('switch', { name: 'Sale notices' })).toHaveAttribute('aria-checked', 'false')
})

test('a corrupt switch in storage counts as on', async ({ page, admin, request }) => {
  await page.addInitScript(() => localStorage.setItem('console.saleNotices', '{"not":"ours"}'))
  const subscribed = consoleSubscribed(page)
  await signIn(page, admin, '/admin')
  await expect(page.getByRole('switch', { name: 'Sale notices' })).toHaveAttribute('aria-checked', 'true')
  await subscribed
  const buyer = buyerEmail('corrupt')
  await stripeSale(request, buyer)
  await expect(page.getByRole('status').filter({ hasText: `New sale: $25.00 — ${buyer}` })).toBeVisible()
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
    const notice = page.getByRole('status').filter({ hasText: buyer })
    await expect(notice).toContainText(texts.sale)
    await expect(page.getByRole('link', { name: texts.open })).toBeVisible()
    await page.screenshot({ path: `/tmp/realtime-console-${language}.png` })
    expect(await axeViolations(page)).toEqual([])
  })
}
