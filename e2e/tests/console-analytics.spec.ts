import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import { chooseLanguage, expect, lookAt, signInThroughApi, test } from './fixtures'
import { axeViolations } from './accessibility'

/**
 * The console's Analytics page (issue 33, decision 065) against the real report: a few storefront visits
 * counted through the beacon route, then the page at a phone's and a laptop's width in both languages.
 */

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const campaign = `spring-${randomBytes(3).toString('hex')}`

/** A visit as the storefront's script sends it, from its own address (the test server trusts the header). */
async function sendVisit(request: APIRequestContext, kind: 'view' | 'buy', path: string) {
  const response = await request.post('/v1/store/analytics/visits', {
    data: { kind, path, referrer: 'https://news.example.com/post', utmCampaign: campaign, language: 'es' },
    headers: {
      'user-agent': BROWSER,
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
    },
  })
  expect(response.status()).toBe(204)
}

/** The report as the page reads it, once the server has written its counts (every few seconds). */
async function countedReport(page: Page) {
  let report: { funnel: { landingViews: number } } = { funnel: { landingViews: 0 } }
  await expect
    .poll(
      async () => {
        report = await (await page.request.get('/v1/store/analytics?days=30')).json()
        return report.funnel.landingViews
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(3)
  return report
}

const NAMES = {
  es: {
    heading: 'Analítica',
    visits: 'Visitantes y clics de compra por día',
    seeData: 'Ver los datos',
    week: '7 días',
    csv: 'Descargar CSV',
    weekSummary: 'en los últimos 7 días',
    funnel: 'Embudo de venta',
  },
  en: {
    heading: 'Analytics',
    visits: 'Visitors and buy clicks by day',
    seeData: 'See the data',
    week: '7 days',
    csv: 'Download CSV',
    weekSummary: 'in the last 7 days',
    funnel: 'Sales funnel',
  },
} as const

test.beforeAll(async ({ request }) => {
  await sendVisit(request, 'view', '/')
  await sendVisit(request, 'view', '/')
  await sendVisit(request, 'view', '/landing-pack-apps')
  await sendVisit(request, 'buy', '/landing-pack-apps')
})

for (const language of ['es', 'en'] as const) {
  for (const width of [390, 1366]) {
    test(`an admin reads the analytics at ${width} px (${language}), axe WCAG 2.2 clean`, async ({
      page,
      admin,
    }) => {
      test.slow()
      const names = NAMES[language]
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await signInThroughApi(page, admin)
      await chooseLanguage(page, language)
      await countedReport(page)
      await page.goto('/admin/analytics')
      await expect(page.getByRole('heading', { level: 2, name: names.heading })).toBeVisible()
      await expect(page).toHaveTitle(new RegExp(`^${names.heading} · `))
      const visits = page.getByRole('region', { name: names.visits })
      await expect(visits.locator('canvas').first()).toBeVisible()
      const campaigns = page.getByRole('region', { name: /utm_campaign/ })
      await expect(campaigns).toContainText(campaign)
      // Nothing wider than the screen: the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      expect(await axeViolations(page)).toEqual([])

      // Every table behind its chart, opened: still clean (a table wider than a phone scrolls in a
      // named region the keyboard can reach).
      for (const summary of await page.locator('details > summary').all()) await summary.click()
      await expect(visits.getByRole('table')).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      expect(await axeViolations(page)).toEqual([])
      await lookAt(page, `analytics-${language}-${width}`)
    })
  }
}

test('the period switch changes the address and the figures, and the CSV link downloads the report', async ({
  page,
  admin,
}) => {
  test.slow()
  const names = NAMES.es
  await signInThroughApi(page, admin)
  await chooseLanguage(page, 'es')
  await countedReport(page)
  await page.goto('/admin/analytics')
  const visits = page.getByRole('region', { name: names.visits })
  await visits.getByText(names.seeData).click()
  await expect(visits.getByRole('row')).toHaveCount(31)
  await expect(page.getByRole('link', { name: '30 días', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )

  await page.getByRole('link', { name: names.week, exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/analytics\?days=7$/)
  await expect(visits).toContainText(names.weekSummary)
  await expect(visits.getByRole('row')).toHaveCount(8)
  await expect(page.getByRole('link', { name: names.week, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(page.getByRole('region', { name: names.funnel })).toContainText('clics de compra')

  const csv = page.getByRole('link', { name: new RegExp(names.csv) })
  await expect(csv).toHaveAttribute('href', /\/v1\/store\/analytics\/export\?days=7$/)
  const [download] = await Promise.all([page.waitForEvent('download'), csv.click()])
  expect(download.suggestedFilename()).toMatch(/\.csv$/)
  const text = await readFile(await download.path(), 'utf8')
  expect(text).toContain(campaign)

  // Back in the browser's history: the address's period again.
  await page.goBack()
  await expect(page).toHaveURL(/\/admin\/analytics$/)
  await expect(visits.getByRole('row')).toHaveCount(31)
})
