import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { CONSOLE_PATHS } from '@pg/shared/routes'
import { stripeDelivery } from '../../apps/server/test/support/webhook-deliveries'
import { STRIPE_PAYMENT_LINK, STRIPE_WEBHOOK_SECRET } from '../store-settings'
import { axeViolations } from './accessibility'
import { chooseLanguage, expect, signInThroughApi, test } from './fixtures'

/**
 * Issue 34, section 2: every console page (CONSOLE_PATHS, read when the tests are listed, so a page
 * added there is swept too) against axe's WCAG 2.2 A and AA rules, in Spanish and English, on a phone
 * (390 px) and a laptop (1366 px), empty and with data. The e2e store is shared by tests running in
 * parallel, so "empty" is the page filtered to nothing (a search or a day nobody matches); the pages
 * whose figures are the whole store's (overview, analytics, settings) have no such address and are
 * swept with their data only (their empty states are component tests: analytics.test.tsx,
 * settings.test.tsx). Each state is loaded once per language and checked at both widths.
 */

const WIDTHS = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 800 }],
] as const
const LANGUAGES = ['es', 'en'] as const

const nobody = () => `nadie-${randomBytes(4).toString('hex')}`
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)

/** A page of the console: its addresses with data, one filtered to nothing, and what makes data show. */
interface ConsolePageSweep {
  data: string[]
  empty: string | null
  /** Puts data in the store, or on the page once it is open, before the data state is checked. */
  seed?: (page: Page) => Promise<void>
}

/** A paid Stripe checkout through the signed webhook, and an order granted and refunded by the owner. */
async function seedOrders(page: Page) {
  const paid = stripeDelivery({
    secret: STRIPE_WEBHOOK_SECRET,
    type: 'checkout.session.completed',
    email: `e2e-sweep-${randomBytes(4).toString('hex')}@example.com`,
    paymentLink: STRIPE_PAYMENT_LINK,
  })
  const delivered = await page.request.post(paid.path, { data: paid.body, headers: paid.headers })
  expect(delivered.status(), await delivered.text()).toBe(200)
  const granted = await page.request.post('/v1/store/orders', {
    data: { email: `e2e-sweep-${randomBytes(4).toString('hex')}@example.com`, name: 'Barrido' },
  })
  expect(granted.status(), await granted.text()).toBe(201)
  const { id } = (await granted.json()) as { id: string }
  expect((await page.request.post(`/v1/store/orders/${id}/refund`, { data: {} })).status()).toBe(200)
}

/** A storefront visit and a buy click, as the storefront's script counts them (decision 065). */
async function seedVisits(request: APIRequestContext) {
  for (const kind of ['view', 'buy'] as const) {
    const response = await request.post('/v1/store/analytics/visits', {
      data: { kind, path: '/', referrer: 'https://news.example.com/', language: 'es' },
      headers: {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0.0.0 Safari/537.36',
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
      },
    })
    expect(response.status()).toBe(204)
  }
}

/** The catalogue's dry run of a file with problems, shown under the file field. */
async function dryRunOfABadFile(page: Page) {
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'barrido.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('title,category_id,youtube_url\n,nada,no es un enlace\nOtro,,\n'),
    })
  await expect(page.getByRole('alert').filter({ hasText: 'barrido.csv' })).toBeVisible()
}

const PAGES: Record<string, () => ConsolePageSweep> = {
  '/admin': () => ({ data: ['/admin'], empty: null }),
  '/admin/analytics': () => ({
    data: ['/admin/analytics?days=90'],
    empty: null,
    seed: (page) => seedVisits(page.request),
  }),
  '/admin/members': () => ({ data: ['/admin/members'], empty: `/admin/members?q=${nobody()}` }),
  '/admin/orders': () => ({
    data: ['/admin/orders'],
    empty: `/admin/orders?from=${tomorrow()}`,
    seed: seedOrders,
  }),
  // The projects, the categories and tags (each a table of its own), and the files with a dry run.
  '/admin/catalogue': () => ({
    data: ['/admin/catalogue', '/admin/catalogue?view=taxonomy', '/admin/catalogue?view=files'],
    empty: `/admin/catalogue?q=${nobody()}`,
  }),
  '/admin/settings': () => ({ data: ['/admin/settings'], empty: null }),
  '/admin/audit': () => ({ data: ['/admin/audit'], empty: `/admin/audit?subject=users/${nobody()}` }),
}

/** Shown once nothing on the page is loading: its heading, no busy table, no "Loading…". */
async function loaded(page: Page) {
  await expect(page.locator('#console-page-title')).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(page.getByText(/^(Loading|Cargando)\b/)).toHaveCount(0)
}

/** axe at each width; a frame's scrolling is measured again after the window changes. */
async function expectCleanAtBothWidths(page: Page, label: string) {
  for (const [width, viewport] of WIDTHS) {
    await page.setViewportSize(viewport)
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    expect.soft(await axeViolations(page), `${label}, ${width}`).toEqual([])
  }
}

for (const path of CONSOLE_PATHS) {
  test(`WCAG 2.2 AA at 390 and 1366 px, both languages, empty and with data: ${path}`, async ({
    page,
    admin,
  }) => {
    test.slow()
    // A page added to CONSOLE_PATHS after this file is swept at its own address, with what it shows.
    const sweep = PAGES[path]?.() ?? { data: [path], empty: null }
    await signInThroughApi(page, admin)
    await sweep.seed?.(page)
    for (const language of LANGUAGES) {
      await chooseLanguage(page, language)
      if (sweep.empty) {
        await page.goto(sweep.empty)
        await loaded(page)
        await expectCleanAtBothWidths(page, `${path} empty (${language})`)
      }
      for (const address of sweep.data) {
        await page.goto(address)
        await loaded(page)
        if (address.endsWith('view=files')) await dryRunOfABadFile(page)
        await expectCleanAtBothWidths(page, `${address} with data (${language})`)
      }
    }
  })
}
