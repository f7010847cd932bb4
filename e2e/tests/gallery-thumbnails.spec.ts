import type { Page } from '@playwright/test'
import { isCollectionRequest } from './catalog'
import { expect, signIn, test } from './fixtures'

/** Thumbnails an import refuses now (decision 023), as a catalogue stored by an older version may hold. */
const STORED_BEFORE = [
  'javascript:alert(1)',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  '/\\evil.example/x.png',
  '//evil.example/x.png',
  '/media/..//evil.example/x.png',
]

const cards = (page: Page) => page.getByRole('article')

test('a card whose stored thumbnail is not an image address shows the placeholder and loads nothing from it', async ({
  page,
  member,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin
  const elsewhere: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin !== origin && url.protocol !== 'data:') elsewhere.push(request.url())
  })
  // The server answers with what it holds; the first cards get what an old store might hold.
  await page.route(
    (url) => isCollectionRequest(url.href, 'projects'),
    async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { documents: Array<{ thumbnail_url?: unknown }> }
      STORED_BEFORE.forEach((url, index) => {
        const document = body.documents[index]
        if (document) document.thumbnail_url = url
      })
      await route.fulfill({ response, json: body })
    },
  )
  await signIn(page, member, '/search')
  await expect(cards(page)).toHaveCount(20)

  for (const [index, url] of STORED_BEFORE.entries()) {
    const card = cards(page).nth(index)
    await expect(card.locator('img'), url).toHaveCount(0)
    await expect(card.getByText('No image'), url).toHaveCount(1)
  }
  await expect(cards(page).nth(STORED_BEFORE.length).locator('img')).toHaveAttribute(
    'src',
    /^\/media\/thumbnails\/[\w.-]+\.svg$/,
  )
  const sources = await page
    .locator('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src')))
  for (const url of STORED_BEFORE) expect(sources).not.toContain(url)
  expect(elsewhere).toEqual([])
})

test('a member’s cards draw their thumbnails; a visitor asking for one learns nothing (issue 28, item 8)', async ({
  page,
  member,
  browser,
}) => {
  await signIn(page, member)
  await page.goto('/search')
  await expect(cards(page)).toHaveCount(20)
  const image = cards(page).first().locator('img')
  await image.scrollIntoViewIfNeeded()
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0)
  const source = (await image.getAttribute('src')) ?? ''
  expect(source).toMatch(/^\/media\/thumbnails\/[\w.-]+\.svg$/)

  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.request.get(source)
  expect(visitor.status()).toBe(404)
  const body = await visitor.text()
  const title = (await cards(page).first().getByRole('heading').innerText()).trim()
  expect(body).not.toContain(title)
  expect(body).toBe(await (await visitorContext.request.get('/media/thumbnails/no-such-project.svg')).text())
  await visitorContext.close()
})
