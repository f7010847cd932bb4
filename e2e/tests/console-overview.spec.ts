import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { chooseLanguage, createMember, expect, signIn, signInThroughApi, test } from './fixtures'
import { axeViolations } from './accessibility'

/** The console's Overview (issue 13): the store's figures and the gallery's searches that found nothing. */

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

/** The number shown under a figure's label, as the page's language writes it. */
const figure = (page: Page, card: string, label: string) =>
  region(page, card)
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')

test('a member’s search that found nothing is listed on the admin’s overview, with the store’s figures', async ({
  page,
  member,
  admin,
  browser,
  request,
}) => {
  test.slow()
  const word = `vorqux${randomBytes(3).toString('hex')}`
  await signIn(page, member, '/search')
  await page.getByRole('searchbox', { name: 'Search projects' }).fill(`  ${word.toUpperCase()} `)
  await expect(page.getByText('No projects match these filters.')).toBeVisible()

  const adminContext = await browser.newContext()
  const adminPage = await adminContext.newPage()
  await signIn(adminPage, admin, '/admin')
  await expect(adminPage.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible()

  const searches = adminPage.getByRole('table', { name: 'Searches that found nothing in the last 30 days' })
  const row = searches.getByRole('row').filter({ has: adminPage.getByRole('rowheader', { name: word }) })
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('cell').first()).toHaveText('1')
  // Nothing on the page says who searched.
  await expect(adminPage.getByText(member.email)).toHaveCount(0)

  // The figures are the server's.
  const overview = await (await adminPage.request.get('/v1/store/overview')).json()
  const number = new Intl.NumberFormat('en-US')
  await expect(figure(adminPage, 'Catalogue', 'Projects')).toHaveText(
    number.format(overview.catalogue.projects),
  )
  await expect(figure(adminPage, 'Catalogue', 'Categories')).toHaveText(
    number.format(overview.catalogue.categories),
  )
  await expect(figure(adminPage, 'Catalogue', 'Tags')).toHaveText(number.format(overview.catalogue.tags))
  expect(overview.members.active).toBeGreaterThanOrEqual(2)
  await expect(figure(adminPage, 'Members', 'Active')).toHaveText(/^\d[\d,]*$/)
  const sales = region(adminPage, 'Sales in the last 30 days')
  await expect(figure(adminPage, 'Sales in the last 30 days', 'Paid orders')).toHaveText(
    number.format(overview.sales.orders),
  )
  // The chart is a picture; its caption says the same in words.
  await expect(sales.getByRole('figure')).toContainText('in the last 30 days')

  // The same search again by the same member adds nothing (once a member and a day: decision 058);
  // another member's counts once the overview is refreshed.
  await page.reload()
  await expect(page.getByText('No projects match these filters.')).toBeVisible()
  const otherContext = await browser.newContext()
  const otherPage = await otherContext.newPage()
  await signIn(otherPage, await createMember(request))
  await otherPage.goto(`/search?q=${word}`)
  await expect(otherPage.getByText('No projects match these filters.')).toBeVisible()
  await adminPage.getByRole('button', { name: 'Refresh' }).click()
  await expect(adminPage.getByRole('status').filter({ hasText: 'The overview is up to date.' })).toBeVisible()
  await expect(row.getByRole('cell').first()).toHaveText('2')
  await otherContext.close()
  await adminContext.close()
})

for (const language of ['en', 'es'] as const) {
  test(`WCAG 2.2 AA: the overview with its sales by day open (${language})`, async ({ page, admin }) => {
    test.slow()
    await signInThroughApi(page, admin)
    await chooseLanguage(page, language)
    await page.goto('/admin')
    const names =
      language === 'en'
        ? { heading: 'Overview', byDay: 'Sales by day' }
        : { heading: 'Resumen', byDay: 'Ventas por día' }
    await expect(page.getByRole('heading', { level: 2, name: names.heading })).toBeVisible()
    await expect(page.getByRole('figure')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await page.getByText(names.byDay).click()
    await expect(page.getByRole('table').first()).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
}
