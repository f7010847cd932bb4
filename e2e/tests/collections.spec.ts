import type { Browser, Page } from '@playwright/test'
import { axeViolations, targetSizeProblems } from './accessibility'
import {
  chooseLanguage,
  consoleErrors,
  createMember,
  expect,
  lookAt,
  signIn,
  test,
  type Member,
} from './fixtures'

/**
 * Issue 32: a member makes two collections from a card and from the details, orders and shares one; a
 * second member opens its link and sees it read-only, and then not at all once it is private again.
 * Issue 40: the link is an unguessable share id, not the document id; sharing again makes a new one.
 * Spanish on a phone and English on a desktop, axe with WCAG 2.2 tags at each step.
 */

const TEXTS = {
  es: {
    save: (title: string) => `Guardar en colección: ${title}`,
    saveDialog: 'Guardar en colección',
    newName: 'Nombre de la nueva colección',
    createWith: 'Crear y guardar',
    details: (title: string) => `Abrir los detalles de ${title}`,
    myCollections: 'Mis colecciones',
    moveUp: (name: string) => `Subir ${name}`,
    moveDown: (name: string) => `Bajar ${name}`,
    share: (name: string) => `Compartir ${name} con otros miembros`,
    unshare: (name: string) => `Hacer privada ${name}`,
    copy: (name: string) => `Copiar enlace de ${name}`,
    copied: (name: string) => `Enlace de «${name}» copiado.`,
    deleteOne: (name: string) => `Eliminar ${name}`,
    confirmDelete: 'Eliminar colección',
    count: (count: number) => `${count} proyecto${count === 1 ? '' : 's'}`,
    sharedBadge: 'Colección compartida',
    later: (title: string) => `Mover ${title} después`,
    notFound: 'Colección no encontrada',
    clients: 'Para clientes',
    tryOut: 'Probar este mes',
  },
  en: {
    save: (title: string) => `Save to collection: ${title}`,
    saveDialog: 'Save to collection',
    newName: 'Name of the new collection',
    createWith: 'Create and save',
    details: (title: string) => `Open details of ${title}`,
    myCollections: 'My collections',
    moveUp: (name: string) => `Move ${name} up`,
    moveDown: (name: string) => `Move ${name} down`,
    share: (name: string) => `Share ${name} with other members`,
    unshare: (name: string) => `Make private: ${name}`,
    copy: (name: string) => `Copy link to ${name}`,
    copied: (name: string) => `Link to "${name}" copied.`,
    deleteOne: (name: string) => `Delete ${name}`,
    confirmDelete: 'Delete collection',
    count: (count: number) => `${count} project${count === 1 ? '' : 's'}`,
    sharedBadge: 'Shared collection',
    later: (title: string) => `Move ${title} later`,
    notFound: 'Collection not found',
    clients: 'For clients',
    tryOut: 'Try this month',
  },
} as const

type Texts = (typeof TEXTS)[keyof typeof TEXTS]

const cards = (page: Page) => page.getByRole('article')
const cardTitles = (page: Page) => cards(page).getByRole('heading').allInnerTexts()

async function expectAccessible(page: Page, where: string) {
  expect.soft(await axeViolations(page), `${where}: axe`).toEqual([])
  expect.soft(await targetSizeProblems(page), `${where}: target size`).toEqual([])
}

/** Creates a collection with the project from the save dialog open now, then closes it with Escape. */
async function createFromDialog(page: Page, texts: Texts, name: string) {
  const dialog = page.getByRole('dialog', { name: texts.saveDialog })
  await dialog.getByLabel(texts.newName).fill(name)
  await dialog.getByRole('button', { name: texts.createWith }).click()
  await expect(dialog.getByRole('checkbox', { name })).toBeChecked()
}

async function secondMemberOn(browser: Browser, member: Member, language: 'es' | 'en', width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await chooseLanguage(page, language)
  await signIn(page, member)
  return page
}

for (const [language, width] of [
  ['es', 390],
  ['en', 1366],
] as const) {
  test(`collections: made from a card and the details, shared by link, read-only for another member (${language}, ${width} px)`, async ({
    page,
    member,
    browser,
    request,
  }) => {
    test.slow()
    const texts = TEXTS[language]
    const errors = consoleErrors(page)
    const shot = (name: string) => lookAt(page, `collections-${name}-${language}-${width}`)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.setViewportSize({ width, height: 900 })
    await chooseLanguage(page, language)
    await signIn(page, member, '/search')
    await expect(cards(page).first()).toBeVisible()
    const [first, second] = await cardTitles(page)
    if (!first || !second) throw new Error('the gallery shows projects')

    // From a card: a new collection with this project; Escape closes and the focus goes back.
    const saveFirst = page.getByRole('button', { name: texts.save(first) })
    await saveFirst.click()
    await expect(page.getByRole('dialog', { name: texts.saveDialog })).toBeVisible()
    await createFromDialog(page, texts, texts.clients)
    await shot('save-dialog')
    await expectAccessible(page, 'the save dialog')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(saveFirst).toBeFocused()

    // From the details: ticked into the first collection, and a second one made with it.
    await page.getByRole('button', { name: texts.details(second) }).click()
    const details = page.getByRole('dialog', { name: second })
    await details.getByRole('button', { name: texts.save(second) }).click()
    const saveDialog = page.getByRole('dialog', { name: texts.saveDialog })
    await saveDialog.getByRole('checkbox', { name: texts.clients }).check()
    await expect(saveDialog.getByRole('checkbox', { name: texts.clients })).toBeChecked()
    await createFromDialog(page, texts, texts.tryOut)
    await page.keyboard.press('Escape')
    await expect(saveDialog).toHaveCount(0)
    await expect(details.getByRole('button', { name: texts.save(second) })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // The dashboard: both, in the order made; moved, then shared with its link copied.
    await page.goto('/home')
    const section = page.getByRole('region', { name: texts.myCollections })
    const names = section.getByRole('listitem').getByRole('link')
    await expect(names).toHaveText([texts.clients, texts.tryOut])
    await expect(section.getByRole('listitem').first()).toContainText(texts.count(2))
    await section.getByRole('button', { name: texts.moveUp(texts.tryOut) }).click()
    await expect(names).toHaveText([texts.tryOut, texts.clients])
    // At the top its Up is off: the focus stays on the collection, on its Down.
    await expect(section.getByRole('button', { name: texts.moveDown(texts.tryOut) })).toBeFocused()
    await section.getByRole('button', { name: texts.share(texts.clients) }).click()
    await section.getByRole('button', { name: texts.copy(texts.clients) }).click()
    await expect(section.getByRole('status').first()).toHaveText(texts.copied(texts.clients))
    const link = await page.evaluate(() => navigator.clipboard.readText())
    // Issue 40: the link is the collection's share id, unguessable and not its document id.
    expect(link).toMatch(/\/collections\?id=[a-zA-Z0-9]{32}$/)
    const ownPage = await section.getByRole('link', { name: texts.clients }).getAttribute('href')
    expect(ownPage).toMatch(/\/collections\?id=/)
    expect(link).not.toContain(ownPage?.split('=')[1] ?? '')
    await section.scrollIntoViewIfNeeded()
    await shot('dashboard')
    await expectAccessible(page, 'My collections')

    // Another member opens the link: the projects in order, read-only.
    const other = await secondMemberOn(browser, await createMember(request), language, width)
    await other.goto(link)
    await expect(other.getByRole('heading', { name: texts.clients })).toBeVisible()
    await expect(other.getByText(texts.sharedBadge)).toBeVisible()
    await expect(cards(other)).toHaveCount(2)
    expect(await cardTitles(other)).toEqual([first, second])
    await expect(other.getByRole('button', { name: texts.later(first) })).toHaveCount(0)
    await expect(other.getByRole('button', { name: texts.copy(texts.clients) })).toHaveCount(0)
    await lookAt(other, `collections-shared-${language}-${width}`)
    await expectAccessible(other, 'a shared collection, read-only')

    // Its owner reorders it: the other member sees the new order.
    await page.goto(link)
    await page.getByRole('button', { name: texts.later(first) }).click()
    await expect.poll(() => cardTitles(page)).toEqual([second, first])
    await shot('owner-page')
    await expectAccessible(page, 'the owner’s collection page')
    // Each look reloads the page and waits for its cards: read at once, a busy machine's page had none yet.
    await expect
      .poll(async () => {
        await other.reload()
        await expect(cards(other)).toHaveCount(2)
        return cardTitles(other)
      })
      .toEqual([second, first])

    // Private again: the link says it is no longer shared. Shared again, a new link; the old one stays dead.
    await page.goto('/home')
    await section.getByRole('button', { name: texts.unshare(texts.clients) }).click()
    await expect(section.getByRole('button', { name: texts.copy(texts.clients) })).toHaveCount(0)
    await other.reload()
    await expect(other.getByRole('heading', { name: texts.notFound })).toBeVisible()
    await expectAccessible(other, 'a collection no longer shared')
    await section.getByRole('button', { name: texts.share(texts.clients) }).click()
    await section.getByRole('button', { name: texts.copy(texts.clients) }).click()
    await expect(section.getByRole('status').first()).toHaveText(texts.copied(texts.clients))
    const newLink = await page.evaluate(() => navigator.clipboard.readText())
    expect(newLink).toMatch(/\/collections\?id=[a-zA-Z0-9]{32}$/)
    expect(newLink).not.toBe(link)
    await other.goto(newLink)
    await expect(other.getByRole('heading', { name: texts.clients })).toBeVisible()
    await other.goto(link)
    await expect(other.getByRole('heading', { name: texts.notFound })).toBeVisible()
    // The other collection is deleted after asking.
    await section.getByRole('button', { name: texts.deleteOne(texts.tryOut) }).click()
    await page.getByRole('button', { name: texts.confirmDelete }).click()
    await expect(names).toHaveText([texts.clients])
    expect(errors).toEqual([])
    await other.context().close()
  })
}
