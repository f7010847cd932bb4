import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { DATABASE_ID } from '../store-settings'
import { axeViolations } from './accessibility'
import { chooseLanguage, createMember, expect, signIn, signInThroughApi, test, type Member } from './fixtures'

/**
 * Issue 45 on the members' pages: an open gallery hears the projects the owner adds and offers them
 * without moving what the member reads; a shared collection follows its owner's changes. This spec adds
 * projects, so it runs with the catalogue changes (playwright.config.ts).
 */
const PROJECTS = `/v1/databases/${DATABASE_ID}/collections/projects/documents`
const COLLECTIONS = `/v1/databases/${DATABASE_ID}/collections/collections/documents`

/** Resolves once the page's live connection has subscribed to a channel naming `channel`. */
function subscribed(page: Page, channel: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"to":"subscribe"') && payload.includes(channel))
          resolve()
      }),
    )
  })
}

async function memberOn(
  browser: Browser,
  member: Member,
  language: 'es' | 'en',
  path: string,
  channel: string,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await chooseLanguage(page, language)
  const live = subscribed(page, channel)
  await signIn(page, member, path)
  await live
  return page
}

async function addProject(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.post(PROJECTS, {
    data: { documentId: 'unique()', data: { title, subtitle: 'Añadido mientras la galería estaba abierta' } },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { $id: string }).$id
}

test('an open gallery offers the projects the owner adds, without a reload, in Spanish and English', async ({
  browser,
  member,
  admin,
}) => {
  const word = randomBytes(3).toString('hex')
  const titles = [`En directo ${word} agenda`, `En directo ${word} facturas`]
  const channel = `databases.${DATABASE_ID}.collections.projects.documents`
  const [spanish, english] = await Promise.all([
    memberOn(browser, member, 'es', '/search?sort=newest', channel),
    memberOn(browser, member, 'en', '/search?sort=newest', channel),
  ])
  const firstBefore = await spanish.getByRole('article').first().getByRole('heading').textContent()

  const owner = await browser.newContext()
  const ownerPage = await owner.newPage()
  await signInThroughApi(ownerPage, admin)
  const ids = [
    await addProject(ownerPage.request, titles[0] ?? ''),
    await addProject(ownerPage.request, titles[1] ?? ''),
  ]

  const notice = spanish.getByRole('button', { name: '2 proyectos nuevos — ver' })
  await expect(notice).toBeVisible()
  await expect(spanish.locator('[aria-live="polite"]')).toContainText('2 proyectos nuevos — ver')
  // What the member reads stayed: the new projects are not in the list until asked for.
  await expect(spanish.getByRole('article').first().getByRole('heading')).toHaveText(firstBefore ?? '')
  expect(await axeViolations(spanish)).toEqual([])
  await expect(english.getByRole('button', { name: '2 new projects — show' })).toBeVisible()
  expect(await axeViolations(english)).toEqual([])

  // Shown on request: the list from its start, newest first, the keyboard on its first card.
  await notice.click()
  const first = spanish.getByRole('article').first()
  await expect(first.getByRole('heading')).toHaveText(titles[1] ?? '')
  await expect(spanish.getByRole('article').nth(1).getByRole('heading')).toHaveText(titles[0] ?? '')
  await expect(first.getByRole('button', { name: `Abrir los detalles de ${titles[1]}` })).toBeFocused()
  await expect(notice).toHaveCount(0)

  // Deleted by the owner, a card shown stays in its place, marked, and no longer opens.
  for (const id of ids) expect((await ownerPage.request.delete(`${PROJECTS}/${id}`)).status()).toBe(204)
  await expect(first.getByText('Ya no está en el catálogo')).toBeVisible()
  await expect(first.getByRole('button', { name: `Abrir los detalles de ${titles[1]}` })).toHaveCount(0)
  await Promise.all([owner.close(), spanish.context().close(), english.context().close()])
})

test('a shared collection follows its owner’s changes, then says it is gone', async ({
  browser,
  member,
  request,
}) => {
  // Its owner works through the API, as another tab of theirs would.
  const owner = await browser.newContext()
  const ownerPage = await owner.newPage()
  await signInThroughApi(ownerPage, member)
  const me = (await (await ownerPage.request.get('/v1/account')).json()) as { $id: string }
  const mine = [`read("user:${me.$id}")`, `update("user:${me.$id}")`, `delete("user:${me.$id}")`]
  const created = await ownerPage.request.post(COLLECTIONS, {
    data: {
      documentId: 'unique()',
      data: { name: 'Para clientes', projectIds: [], position: 0 },
      permissions: mine,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { $id: id } = (await created.json()) as { $id: string }
  const shared = await ownerPage.request.patch(`${COLLECTIONS}/${id}`, {
    data: { permissions: [...mine, 'read("users")'] },
  })
  expect(shared.status(), await shared.text()).toBe(200)
  const { shareId } = (await shared.json()) as { shareId: string }

  const viewer = await memberOn(
    browser,
    await createMember(request),
    'es',
    `/collections?id=${shareId}`,
    `collections.documents.${shareId}`,
  )
  await expect(viewer.getByRole('heading', { name: 'Para clientes' })).toBeVisible()

  const renamed = await ownerPage.request.patch(`${COLLECTIONS}/${id}`, {
    data: { data: { name: 'Para clientes 2026' } },
  })
  expect(renamed.status(), await renamed.text()).toBe(200)
  await expect(viewer.getByRole('heading', { name: 'Para clientes 2026' })).toBeVisible()
  await expect(
    viewer.getByRole('status').filter({ hasText: 'Quien la comparte acaba de cambiarla.' }),
  ).toHaveCount(1)

  expect((await ownerPage.request.delete(`${COLLECTIONS}/${id}`)).status()).toBe(204)
  await expect(viewer.getByRole('heading', { name: 'Colección no encontrada' })).toBeVisible()
  expect(await axeViolations(viewer)).toEqual([])
  await Promise.all([owner.close(), viewer.context().close()])
})
