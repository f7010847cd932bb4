import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from '@playwright/test'
import { chooseLanguage, expect, signIn, signInThroughApi, test } from './fixtures'
import { axeViolations } from './accessibility'

/**
 * The owner's catalogue in the console (issue 13). These tests change the catalogue, so they run after
 * every other test (the `catalogue changes` project in playwright.config.ts).
 */
const exampleCsv = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../docs/examples/catalog.example.csv',
)

/**
 * Members' searches go on with the previous search index while the changed catalogue's is built, which
 * the server starts within a second of the change (decision 041); admins read their own writes at once.
 * A member's page, reloaded right after an admin's save, may still show the catalogue before it, so
 * the member reloads until the change shows, as a member would.
 */
const MEMBERS_SEE_IT_WITHIN_MS = 15_000

/** Reloads `page` until `check` passes (each look given 2 s), for at most MEMBERS_SEE_IT_WITHIN_MS. */
async function afterReloads(page: Page, check: (timeout: number) => Promise<void>) {
  await expect(async () => {
    await page.reload()
    await check(2_000)
  }).toPass({ timeout: MEMBERS_SEE_IT_WITHIN_MS })
}

const seenAfterReloads = (page: Page, locator: Locator) =>
  afterReloads(page, (timeout) => expect(locator).toBeVisible({ timeout }))

async function openCatalogue(page: Page, view = '') {
  await page.goto(`/admin/catalogue${view}`)
  await expect(page.getByRole('heading', { level: 2, name: 'Catalogue' })).toBeVisible()
}

test('an admin creates and edits a project; a member sees each change in the gallery', async ({
  page,
  admin,
  member,
  browser,
}) => {
  test.slow()
  // Letters only: a word of the member's language, not found in the demo catalogue.
  const word = `zafiro${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`
  await signIn(page, admin)
  await openCatalogue(page)
  await page.getByRole('button', { name: 'New project' }).click()
  const form = page.getByRole('dialog', { name: 'New project' })

  // A bad edit shows the field's error in place and saves nothing.
  await form.getByRole('button', { name: 'Add link' }).click()
  await form.getByLabel('Link 1 text').fill('Demo')
  await form.getByLabel('Link 1 address').fill('javascript:alert(1)')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Title', { exact: true })).toBeFocused()
  await expect(form.getByLabel('Link 1 address')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByText('must be an http(s) URL')).toBeVisible()

  await form.getByLabel('Title', { exact: true }).fill(`Asistente ${word}`)
  await form.getByLabel('Author').fill('Olga Ruiz')
  await form.getByLabel('Link 1 address').fill('https://github.com/example/zafiro')
  await form.getByRole('button', { name: 'Add case' }).click()
  await form.getByLabel('Case 1').fill('Una tienda de barrio')
  await form.getByLabel('YouTube video').fill('https://youtu.be/dQw4w9WgXcQ')
  await expect(form.getByRole('img', { name: 'Preview of video dQw4w9WgXcQ' })).toBeAttached()
  await form.getByLabel('Find a tag to add').fill('a')
  await form.getByRole('checkbox').first().check()
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: `“Asistente ${word}” was saved.` })).toBeVisible()
  await expect(form).toBeHidden()

  // The member, in another browser, finds it as soon as the new catalogue is indexed.
  const memberContext = await browser.newContext()
  const memberPage = await memberContext.newPage()
  await signIn(memberPage, member, `/search?q=${word}`)
  await seenAfterReloads(memberPage, memberPage.getByRole('article').filter({ hasText: `Asistente ${word}` }))
  // Added after the catalogue's first load: it is news (issue 28, item 13).
  await expect(
    memberPage
      .getByRole('article')
      .filter({ hasText: `Asistente ${word}` })
      .getByText('New', { exact: true }),
  ).toBeVisible()

  // The admin renames it; the member's next search shows the new title.
  await page.getByRole('searchbox', { name: 'Search projects' }).fill(word)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`q=${word}`))
  await page.getByRole('button', { name: `Edit “Asistente ${word}”` }).click()
  const editor = page.getByRole('dialog', { name: 'Edit project' })
  await expect(editor.getByLabel('Title', { exact: true })).toHaveValue(`Asistente ${word}`)
  await expect(editor.getByLabel('Link 1 address')).toHaveValue('https://github.com/example/zafiro')
  await editor.getByLabel('Title', { exact: true }).fill(`Traductor ${word}`)
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: `“Traductor ${word}” was saved.` })).toBeVisible()

  await seenAfterReloads(memberPage, memberPage.getByRole('article').filter({ hasText: `Traductor ${word}` }))

  // Deleting asks first; then the member no longer finds it.
  await page.getByRole('button', { name: `Delete “Traductor ${word}”` }).click()
  await page
    .getByRole('dialog', { name: 'Delete this project?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: `“Traductor ${word}” was deleted.` })).toBeVisible()
  await afterReloads(memberPage, (timeout) =>
    expect(memberPage.getByRole('article').filter({ hasText: word })).toHaveCount(0, { timeout }),
  )
  await memberContext.close()
})

test('an admin imports the example CSV after its preview, all at once', async ({
  page,
  admin,
  member,
  browser,
}) => {
  test.slow()
  await signIn(page, admin)
  await openCatalogue(page, '?view=files')
  await page.getByLabel('Catalogue file (.json or .csv)').setInputFiles(exampleCsv)
  const report = page.getByRole('status').filter({ hasText: 'Preview of catalog.example.csv (CSV)' })
  await expect(report).toBeVisible()
  await expect(report.getByRole('row', { name: /^Projects/ })).toContainText('2')
  expect(await axeViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'catalog.example.csv was imported.' }).last(),
  ).toBeVisible()

  const memberContext = await browser.newContext()
  const memberPage = await memberContext.newPage()
  await signIn(memberPage, member, '/search?project=clasificador-facturas')
  await expect(memberPage.getByRole('dialog', { name: 'Clasificador de facturas' })).toContainText(
    'Pedro Sanz',
  )
  // An import after the first load brings news too; the demo's projects beside it are not (issue 28).
  await memberPage.goto('/search?q=clasificador+facturas')
  const imported = memberPage.getByRole('article').filter({ hasText: 'Clasificador de facturas' })
  await expect(imported.getByText('New', { exact: true })).toBeVisible()
  await expect(
    memberPage
      .getByRole('article')
      .filter({ hasNotText: 'Clasificador de facturas' })
      .getByText('New', { exact: true }),
  ).toHaveCount(0)
  await memberContext.close()
})

test('a file with problems shows each with its place and imports nothing', async ({ page, admin }) => {
  await signIn(page, admin)
  await openCatalogue(page, '?view=files')
  await page.getByLabel('Catalogue file (.json or .csv)').setInputFiles({
    name: 'broken.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('title,youtube_url\n,https://youtu.be/x\nOk,ftp://nope\n'),
  })
  const problems = page.getByRole('alert').filter({ hasText: 'broken.csv has' })
  await expect(problems).toContainText('nothing will be imported')
  await expect(problems.getByRole('listitem')).not.toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0)
})

test('a file with more problems than are listed says how many, the first 100 shown, in both languages', async ({
  page,
  admin,
}) => {
  await signIn(page, admin)
  // 150 rows without a title: 150 problems, of which the server sends the first 100 (decision 056).
  const file = {
    name: 'sin-titulos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`title,author\n${',Autora\n'.repeat(150)}`),
  }
  await openCatalogue(page, '?view=files')
  await page.getByLabel('Catalogue file (.json or .csv)').setInputFiles(file)
  const problems = page.getByRole('alert').filter({ hasText: 'sin-titulos.csv has' })
  await expect(problems).toContainText('sin-titulos.csv has 150 problems; nothing will be imported.')
  await expect(problems).toContainText('The first 100 are shown.')
  await expect(problems.getByRole('listitem')).toHaveCount(100)
  await expect(problems.getByRole('listitem').first()).toContainText('row 2, title')

  await chooseLanguage(page, 'es')
  await page.reload()
  await page.getByLabel('Archivo del catálogo (.json o .csv)').setInputFiles(file)
  const problemas = page.getByRole('alert').filter({ hasText: 'sin-titulos.csv tiene' })
  await expect(problemas).toContainText('sin-titulos.csv tiene 150 problemas; no se importará nada.')
  await expect(problemas).toContainText('Se muestran los primeros 100.')
  expect(await axeViolations(page)).toEqual([])
})

test('keyboard only: an admin edits a project from the table and the focus comes back to its row', async ({
  page,
  admin,
}) => {
  await signIn(page, admin)
  await openCatalogue(page)
  const firstRow = page.getByRole('row').nth(1)
  const edit = firstRow.getByRole('button', { name: /^Edit / })
  await expect(edit).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search projects' }).focus()
  for (let step = 0; step < 12; step += 1) {
    if (await edit.evaluate((button) => button === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(edit).toBeFocused()
  await page.keyboard.press('Enter')
  const form = page.getByRole('dialog', { name: 'Edit project' })
  await expect(form.getByLabel('Title', { exact: true })).toBeFocused()
  await expect(form.getByLabel('Title', { exact: true })).not.toHaveValue('')
  await page.keyboard.press('Tab')
  await expect(form.getByLabel('Subtitle')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Editado con el teclado')
  await page.keyboard.press('Enter')
  await expect(form).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'was saved.' })).toBeVisible()
  await expect(edit).toBeFocused()
})

for (const language of ['en', 'es'] as const) {
  test(`WCAG 2.2 AA: the catalogue's projects, taxonomy and editor (${language})`, async ({
    page,
    admin,
  }) => {
    test.slow()
    await signInThroughApi(page, admin)
    await chooseLanguage(page, language)
    await openCatalogueIn(page, language)
    await expect(page.getByRole('table')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await page.goto('/admin/catalogue?view=taxonomy')
    await expect(page.getByRole('table')).toHaveCount(2)
    expect(await axeViolations(page)).toEqual([])
    await page.goto('/admin/catalogue')
    await page.getByRole('row').nth(1).getByRole('button').first().click()
    await expect(page.getByRole('dialog').getByRole('textbox').first()).not.toHaveValue('')
    expect(await axeViolations(page)).toEqual([])
  })
}

async function openCatalogueIn(page: Page, language: 'en' | 'es') {
  await page.goto('/admin/catalogue')
  const heading = language === 'en' ? 'Catalogue' : 'Catálogo'
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
}
