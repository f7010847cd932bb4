import type { Browser, Page } from '@playwright/test'
import { consoleErrors, expect, signIn, test, type Member } from './fixtures'

const cards = (page: Page) => page.getByRole('article')
const heart = (page: Page, title: string) => page.getByRole('button', { name: `Favorite: ${title}` })
const EMPTY = 'No favorite projects yet. Start exploring and add some!'

const storedFavorites = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('favoriteProjects') ?? '[]') as unknown)

async function titlesOnPage(page: Page, count: number): Promise<string[]> {
  await expect(cards(page).first()).toBeVisible()
  return (await cards(page).getByRole('heading').allInnerTexts()).slice(0, count)
}

/** The member's favourites as the account holds them (what another browser will get). */
async function accountFavorites(page: Page): Promise<unknown> {
  const response = await page.request.get('/v1/account/prefs')
  return ((await response.json()) as { favoriteProjects?: unknown }).favoriteProjects
}

async function secondBrowser(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' })
  const page = await context.newPage()
  await signIn(page, member)
  return page
}

test('the dashboard greets the member, offers Browse Projects and says when there are no favorites', async ({
  page,
  member,
}) => {
  await signIn(page, member)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByText(`Welcome, ${member.name}`)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'My Favorite Projects' })).toBeVisible()
  await expect(page.getByText(EMPTY)).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Browse Projects' }).click()
  await expect(page).toHaveURL(/\/search$/)
  await page.goBack()
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('hearts toggle at once in the gallery, the modal and the dashboard, never duplicating', async ({
  page,
  member,
}) => {
  await signIn(page, member, '/search')
  const [first, second] = await titlesOnPage(page, 2)
  if (!first || !second) throw new Error('the gallery shows projects')

  await heart(page, first).click()
  await expect(heart(page, first)).toHaveAttribute('aria-pressed', 'true')
  const ids = (await storedFavorites(page)) as string[]
  expect(ids).toHaveLength(1)

  // The modal shows the same state and toggles the same list.
  await page.getByRole('button', { name: `Open details of ${second}` }).click()
  const modalHeart = page.getByRole('dialog').getByRole('button', { name: `Favorite: ${second}` })
  await expect(modalHeart).toHaveAttribute('aria-pressed', 'false')
  await modalHeart.click()
  await expect(modalHeart).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Escape')
  await expect(heart(page, second)).toHaveAttribute('aria-pressed', 'true')
  expect(await storedFavorites(page)).toHaveLength(2)

  // Opening the first one's details: its heart is already on; off there, off on the card too.
  await page.getByRole('button', { name: `Open details of ${first}` }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Favorite: ${first}` })
    .click()
  await page.keyboard.press('Escape')
  await expect(heart(page, first)).toHaveAttribute('aria-pressed', 'false')
  await heart(page, first).click()
  const stored = (await storedFavorites(page)) as string[]
  expect(stored).toHaveLength(2)
  expect(new Set(stored).size).toBe(2)

  // The dashboard lists both, newest first; removing one there removes its card at once.
  await page.getByRole('link', { name: 'Favorites' }).click()
  await expect(cards(page)).toHaveCount(2)
  expect(await cards(page).getByRole('heading').allInnerTexts()).toEqual([first, second])
  await heart(page, second).click()
  await expect(cards(page)).toHaveCount(1)
  await heart(page, first).click()
  await expect(page.getByText(EMPTY)).toBeVisible()
  await expect.poll(() => accountFavorites(page)).toEqual([])
})

test('favorites follow the member to another browser, and a removal is not brought back', async ({
  page,
  member,
  browser,
}) => {
  await signIn(page, member, '/search')
  const [first, second] = await titlesOnPage(page, 2)
  if (!first || !second) throw new Error('the gallery shows projects')
  await heart(page, first).click()
  await heart(page, second).click()
  await expect.poll(async () => ((await accountFavorites(page)) as unknown[] | undefined)?.length).toBe(2)

  // Another browser, same member: the dashboard shows both.
  const other = await secondBrowser(browser, member)
  await expect(cards(other)).toHaveCount(2)

  // Removed there...
  await heart(other, first).click()
  await expect(cards(other)).toHaveCount(1)
  await expect.poll(async () => ((await accountFavorites(other)) as unknown[] | undefined)?.length).toBe(1)

  // ...stays removed here, although this browser still had it stored.
  expect(await storedFavorites(page)).toHaveLength(2)
  await page.goto('/home')
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page).getByRole('heading')).toHaveText(second)
  expect(await storedFavorites(page)).toHaveLength(1)
  await other.context().close()
})

test('unreadable stored favorites count as none and the gallery still works', async ({ page, member }) => {
  await signIn(page, member)
  await page.evaluate(() => localStorage.setItem('favoriteProjects', '{not json'))
  const errors = consoleErrors(page)
  await page.goto('/search')
  await expect(cards(page)).toHaveCount(20)
  await expect(page.getByRole('button', { name: /^Favorite: /, pressed: true })).toHaveCount(0)
  expect(errors.some((error) => error.startsWith('Favorites read error'))).toBe(true)
  const [title] = await titlesOnPage(page, 1)
  await heart(page, title ?? '').click()
  expect(await storedFavorites(page)).toHaveLength(1)
})

test('when the favorites cannot be loaded, the dashboard only logs it', async ({ page, member }) => {
  await signIn(page, member, '/search')
  const [title] = await titlesOnPage(page, 1)
  await heart(page, title ?? '').click()
  const errors = consoleErrors(page)
  await page.route('**/collections/projects/documents?*', (route) => route.abort('connectionfailed'))
  await page.goto('/home')
  await expect.poll(() => errors.some((error) => error.startsWith('Favorites load error'))).toBe(true)
  await expect(page.getByRole('heading', { name: 'My Favorite Projects' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(cards(page)).toHaveCount(0)
  await page.unroute('**/collections/projects/documents?*')
  await page.reload()
  await expect(cards(page)).toHaveCount(1)
})
