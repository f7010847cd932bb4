import { randomBytes } from 'node:crypto'
import { Query } from 'appwrite'
import { axeViolations } from './accessibility'
import { listPage, text } from './catalog'
import { chooseLanguage, expect, signIn, test } from './fixtures'

/**
 * The owner's search synonyms (issue 34, decision 067): added in the console, a member's search finds
 * through it within a second, and it is removed at the end. It changes what searches find on the shared
 * store, so it runs with the `catalogue changes` project, after every other test.
 */
const SEARCHES_FIND_IT_WITHIN_MS = 1_000

test('the owner adds a synonym; a member’s search finds through it within a second; the owner removes it', async ({
  page,
  admin,
  member,
  browser,
}) => {
  test.slow()
  // Letters only, a word no demo project holds: it finds nothing until it is a synonym of "chatbot".
  const word = `zafiro${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`
  const memberContext = await browser.newContext()
  const memberPage = await memberContext.newPage()
  await signIn(memberPage, member, `/search?q=${word}`)
  const searchFor = async () =>
    (await listPage(memberPage.request, 'projects', [Query.search('$text', word), Query.limit(20)])).map(
      (project) => text(project, 'title'),
    )
  expect(await searchFor()).toEqual([])

  await signIn(page, admin, '/admin/catalogue')
  await page
    .getByRole('navigation', { name: 'Parts of the catalogue' })
    .getByRole('link', { name: 'Search synonyms' })
    .click()
  await expect(page).toHaveURL(/view=synonyms/)
  const section = page.getByRole('region', { name: 'Search synonyms' })
  await section.getByRole('textbox', { name: 'One side' }).fill(word.toUpperCase())
  await section.getByRole('textbox', { name: 'Other side' }).fill('Chatbot')
  await section.getByRole('button', { name: 'Add synonym' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `Synonym added: “${word}” ↔ “chatbot”.` }),
  ).toBeVisible()
  const addedAt = Date.now()

  // The member's search, through the API as the gallery asks: every title found holds a chatbot.
  let found: string[] = []
  await expect(async () => {
    found = await searchFor()
    expect(found.length).toBeGreaterThan(0)
  }).toPass({ timeout: 5_000, intervals: [50] })
  expect(Date.now() - addedAt).toBeLessThan(SEARCHES_FIND_IT_WITHIN_MS)
  for (const title of found) expect(title.toLowerCase()).toMatch(/bot/)
  // And in the gallery, the page the member reloads.
  await memberPage.reload()
  await expect(memberPage.getByRole('article').first()).toBeVisible()
  expect(
    (await memberPage.getByRole('article').getByRole('heading').allInnerTexts()).slice(0, found.length),
  ).toEqual(found.slice(0, 20))

  // The owner tries the word: found with the synonyms, nothing without.
  const preview = section.getByRole('region', { name: 'Try a search' })
  await preview.getByRole('searchbox', { name: 'Search' }).fill(word)
  await preview.getByRole('button', { name: 'Try' }).click()
  await expect(preview.getByText(`The first titles “${word}” finds`)).toBeVisible()
  await expect(preview.getByText('Finds nothing.')).toBeVisible()
  await expect(preview.getByRole('listitem').first()).toHaveText(found[0] ?? '')
  expect(await axeViolations(page)).toEqual([])

  // In Spanish, at a phone's width, the section is clean too.
  await chooseLanguage(page, 'es')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/admin/catalogue?view=synonyms')
  const seccion = page.getByRole('region', { name: 'Sinónimos de búsqueda' })
  await expect(seccion.getByRole('rowheader', { name: word })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // Removing asks first; then the member's search finds nothing again, within a second.
  await seccion.getByRole('button', { name: `Quitar el sinónimo «${word}» ↔ «chatbot»` }).click()
  await page
    .getByRole('dialog', { name: '¿Quitar este sinónimo?' })
    .getByRole('button', { name: 'Quitar' })
    .click()
  await expect(
    page.getByRole('status').filter({ hasText: `Sinónimo quitado: «${word}» ↔ «chatbot».` }),
  ).toBeVisible()
  const removedAt = Date.now()
  await expect(async () => expect(await searchFor()).toEqual([])).toPass({ timeout: 5_000, intervals: [50] })
  expect(Date.now() - removedAt).toBeLessThan(SEARCHES_FIND_IT_WITHIN_MS)
  await expect(seccion.getByRole('rowheader', { name: word })).toHaveCount(0)
  await memberContext.close()
})
