import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { DATABASE_ID } from '../store-settings'
import { axeViolations } from './accessibility'
import { chooseLanguage, expect, signIn, signInThroughApi, test } from './fixtures'

/**
 * Issue 32, "Novedades": projects the owner adds after the catalogue's first load are news to members,
 * on the dashboard and as a count on the menu's Search link. This spec adds projects, so it runs with the
 * catalogue changes, after the specs that compare the demo catalogue with the API (playwright.config.ts).
 */
const PROJECTS = `/v1/databases/${DATABASE_ID}/collections/projects/documents`

async function addProjects(request: APIRequestContext, titles: string[]): Promise<string[]> {
  const ids: string[] = []
  for (const title of titles) {
    const response = await request.post(PROJECTS, {
      data: { documentId: 'unique()', data: { title, subtitle: 'Añadido por la dueña para las novedades' } },
    })
    expect(response.status(), await response.text()).toBe(201)
    ids.push(((await response.json()) as { $id: string }).$id)
  }
  return ids
}

const newsSection = (page: Page, heading: string) => page.getByRole('region', { name: heading, exact: true })

test('projects the owner adds are news on a member’s dashboard and counted on the Search link, in both languages', async ({
  page,
  browser,
  member,
  admin,
}) => {
  test.slow()
  const word = randomBytes(3).toString('hex')
  const titles = [`Novedad ${word} agenda`, `Novedad ${word} traductor`]
  const owner = await browser.newContext()
  const ownerPage = await owner.newPage()
  await signInThroughApi(ownerPage, admin)
  const ids = await addProjects(ownerPage.request, titles)

  // Desktop, in Spanish.
  await chooseLanguage(page, 'es')
  await page.setViewportSize({ width: 1366, height: 900 })
  await signIn(page, member)
  const news = newsSection(page, 'Novedades')
  for (const title of titles) await expect(news.getByRole('heading', { name: title })).toBeVisible()
  await expect(news.getByText(/^\d+ proyectos nuevos desde el \d+ de \w+\.$/)).toBeVisible()
  const search = page.getByRole('navigation').getByRole('link', { name: /^Buscar \(\d+ proyectos nuevos\)$/ })
  await expect(search.first()).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // A card opens its details over the dashboard.
  await news.getByRole('heading', { name: titles[0] }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: titles[0] })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  // A phone, in English.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const phonePage = await phone.newPage()
  await chooseLanguage(phonePage, 'en')
  await signIn(phonePage, member)
  const phoneNews = newsSection(phonePage, "What's new")
  for (const title of titles) await expect(phoneNews.getByRole('heading', { name: title })).toBeVisible()
  await expect(phoneNews.getByText(/^\d+ new projects since \w+ \d+\.$/)).toBeVisible()
  expect(await axeViolations(phonePage)).toEqual([])
  await phonePage.getByRole('button', { name: 'Open menu' }).click()
  await expect(phonePage.getByRole('link', { name: /^Search \(\d+ new projects\)$/ })).toBeVisible()

  // Removed again, they are no longer news.
  for (const id of ids) expect((await ownerPage.request.delete(`${PROJECTS}/${id}`)).status()).toBe(204)
  await owner.close()
  await phone.close()
})
