import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, signIn, test, type Member } from './fixtures'

/**
 * WCAG 2.1 A and AA rules checked by axe-core; the YouTube frame is YouTube's own page. One axe run takes
 * seconds on a busy 2-core machine, so a test that runs it gets the slow-test budget (three times the
 * usual timeout), and each test checks one page in one state.
 */
async function violations(page: Page) {
  test.slow()
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('iframe')
    .analyze()
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }))
}

const cards = (page: Page) => page.getByRole('article')

async function openGallery(page: Page, member: Member) {
  await signIn(page, member)
  await page.goto('/search')
  await expect(cards(page)).toHaveCount(20)
}

async function markFirstFavorite(page: Page) {
  const heart = page.getByRole('button', { name: /^Favorite: / }).first()
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
}

test('WCAG 2.1 AA: the gallery with a tag chosen', async ({ page, member }) => {
  await openGallery(page, member)
  await page.getByRole('group', { name: 'Popular tags' }).getByRole('button').first().click()
  await expect(page).toHaveURL(/tag=/)
  await expect(cards(page).first()).toBeVisible()
  expect(await violations(page)).toEqual([])
})

test('WCAG 2.1 AA: a search sorted A–Z, its words marked, with New badges', async ({ page, member }) => {
  await signIn(page, member)
  await page.goto('/search?q=asistente+virtual&sort=az')
  await expect(cards(page).first().locator('mark').first()).toBeVisible()
  await expect(cards(page).first().getByText('New', { exact: true })).toBeVisible()
  expect(await violations(page)).toEqual([])
})

test('WCAG 2.1 AA: the details of a favourite project', async ({ page, member }) => {
  await openGallery(page, member)
  await markFirstFavorite(page)
  await cards(page)
    .first()
    .getByRole('button', { name: /^Open details of / })
    .click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await violations(page)).toEqual([])
})

test('WCAG 2.1 AA: the dashboard with a favourite', async ({ page, member }) => {
  await openGallery(page, member)
  await markFirstFavorite(page)
  await page.goto('/home')
  await expect(cards(page)).toHaveCount(1)
  expect(await violations(page)).toEqual([])
})

test('WCAG 2.1 AA: the gallery in Spanish', async ({ page, member }) => {
  await signIn(page, member)
  await page.getByRole('button', { name: 'Switch to Español' }).click()
  await page.goto('/search')
  await expect(page.getByRole('searchbox', { name: 'Buscar proyectos' })).toBeVisible()
  await expect(cards(page)).toHaveCount(20)
  expect(await violations(page)).toEqual([])
})

test('the gallery works from the keyboard alone: search, category, a tag, a card and its heart', async ({
  page,
  member,
}) => {
  await signIn(page, member)
  await page.goto('/search')
  await expect(page.getByRole('article')).toHaveCount(20)
  const search = page.getByRole('searchbox', { name: 'Search projects' })
  await search.focus()
  await page.keyboard.type('asistente')
  await expect(page).toHaveURL(/q=asistente/)

  // Tab order: search box, category, sort, then the tags.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Category' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeFocused()
  await page.keyboard.press('Tab')
  const firstTag = page.getByRole('group', { name: 'Popular tags' }).getByRole('button').first()
  await expect(firstTag).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(firstTag).toHaveAttribute('aria-pressed', 'true')
  await expect(search).toHaveValue('')

  const firstCard = page.getByRole('article').first()
  const open = firstCard.getByRole('button', { name: /^Open details of / })
  await open.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(open).toBeFocused()
  await page.keyboard.press('Tab')
  const heart = firstCard.getByRole('button', { name: /^Favorite: / })
  await expect(heart).toBeFocused()
  await page.keyboard.press('Space')
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
})
