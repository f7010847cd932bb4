import type { APIRequestContext, Page } from '@playwright/test'
import { axeViolations } from './accessibility'
import { chooseLanguage, expect, lookAt, signInThroughApi, test } from './fixtures'

/**
 * Issue 41's "Done when", in Chromium: the owner edits the storefront in the console ("Tienda"),
 * previews it at 390 px, publishes it, a visitor without a cookie gets the new page, and restoring
 * version 1 brings the old one back. The published content is the whole store's: this file runs after
 * the tests that read the storefront (playwright.config.ts); its accessibility tests only read it.
 */

const NEW_ANSWER = 'Respuesta escrita en la consola: más de 700 apps con su código fuente.'

/** The landing page as a visitor without cookies gets it, in a language: its HTML and its JSON-LD offer. */
async function visitorLanding(request: APIRequestContext, language: 'es' | 'en') {
  const response = await request.get(`/landing-pack-apps${language === 'en' ? '?lang=en' : ''}`, {
    headers: { 'Accept-Language': language },
  })
  expect(response.status()).toBe(200)
  const html = await response.text()
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match): unknown => JSON.parse(match[1] ?? '{}'),
  )
  const product = blocks.find(
    (block): block is { offers: { price: string; priceCurrency: string } } =>
      typeof block === 'object' && block !== null && 'offers' in block,
  )
  return { html, offer: product?.offers }
}

/** The parts of the page: the forms, the preview, the history. */
const part = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Partes de la tienda' }).getByRole('link', { name, exact: true })

test('the owner changes the price and an answer, previews at 390 px and publishes; restoring version 1 undoes it', async ({
  page,
  admin,
  browser,
}) => {
  test.slow()
  await signInThroughApi(page, admin)
  await chooseLanguage(page, 'es')
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/admin/storefront?view=offer')

  await page.getByRole('textbox', { name: 'Importe' }).fill('29')
  await expect(page.getByText(/^Borrador guardado/)).toBeVisible()
  await part(page, 'Preguntas frecuentes').click()
  const first = page.getByRole('group', { name: 'Pregunta 1', exact: true })
  await first.getByRole('textbox', { name: 'Respuesta (español)' }).fill(NEW_ANSWER)
  await page.getByRole('button', { name: 'Guardar borrador' }).click()
  await expect(page.getByText(/^Borrador guardado/)).toBeVisible()

  // The preview: the draft drawn as a visitor's phone shows it, in a frame that runs nothing.
  await part(page, 'Vista previa').click()
  const frame = page.locator('iframe[title^="Vista previa: Portada del pack"]')
  await expect(frame).toHaveAttribute('sandbox', '')
  expect((await frame.boundingBox())?.width).toBe(390)
  const drawn = page.frameLocator('iframe[title^="Vista previa"]')
  await expect(drawn.getByTestId('bundle-price')).toHaveText(/^29\sUS\$$/)
  await expect(drawn.getByText(NEW_ANSWER)).toBeAttached()
  await lookAt(page, 'preview-390')

  await page.getByRole('button', { name: 'Publicar', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: '¿Publicar la tienda?' })
  await expect(dialog.getByRole('listitem')).toHaveText([
    'Portada del pack › Oferta › Precio › Importe',
    'Preguntas frecuentes › n.º 1 › Respuesta (español)',
  ])
  await dialog.getByRole('button', { name: 'Publicar ahora' }).click()
  await expect(page.getByRole('region', { name: /^Publicado: versión \d+$/ })).toBeFocused()

  // A visitor with no cookie: the new price in the page, its JSON-LD and the pricing; the new answer.
  const visitor = await browser.newContext()
  await expect
    .poll(async () => (await visitorLanding(visitor.request, 'es')).offer?.price, { timeout: 5_000 })
    .toBe('29.00')
  const spanish = await visitorLanding(visitor.request, 'es')
  expect(spanish.offer?.priceCurrency).toBe('USD')
  expect(spanish.html).toContain(NEW_ANSWER)
  // The hero's title holds the price too ("…, por {price}").
  expect(spanish.html).toMatch(/con su código fuente, por 29\sUS\$/)
  // The visitor's browser asks for English (en-US): the price in the English format.
  const visitorPage = await visitor.newPage()
  await visitorPage.goto('/landing-pack-apps')
  await expect(visitorPage.getByTestId('bundle-price')).toHaveText('$29')
  // The pages as published pass axe's WCAG 2.2 checks, on a phone, in both languages.
  await visitorPage.setViewportSize({ width: 390, height: 844 })
  for (const address of ['/landing-pack-apps', '/landing-pack-apps?lang=es', '/faq?lang=es']) {
    await visitorPage.goto(address)
    expect.soft(await axeViolations(visitorPage), address).toEqual([])
  }
  // The English page: the new price, and the English answer as it was (no English text was edited).
  const english = await visitorLanding(visitor.request, 'en')
  expect(english.offer?.price).toBe('29.00')
  expect(english.html).toMatch(/with their source code, for \$29/)
  expect(english.html).not.toContain(NEW_ANSWER)
  expect(english.html).toContain(
    'Over 700 artificial intelligence apps with their source code and a demo of each one',
  )

  // Restoring version 1 brings $25 back, as a new version.
  await part(page, 'Historial').click()
  const history = page.getByRole('table', { name: /^Versiones de la tienda/ })
  await history.getByRole('button', { name: 'Restaurar v1' }).click()
  await page
    .getByRole('dialog', { name: '¿Restaurar la versión 1?' })
    .getByRole('button', { name: 'Restaurar' })
    .click()
  await expect(page.getByText(/^Versión 1 restaurada: publicada como versión \d+\.$/)).toBeVisible()
  await expect(history.getByRole('row').nth(1)).toContainText('Restaurada de la v1')
  await expect
    .poll(async () => (await visitorLanding(visitor.request, 'es')).offer?.price, { timeout: 5_000 })
    .toBe('25.00')
  expect((await visitorLanding(visitor.request, 'es')).html).not.toContain(NEW_ANSWER)
  await visitor.close()
})

/** Every form, the preview and the history. */
const VIEWS = ['', 'landing', 'offer', 'carousel', 'faq', 'pages', 'seo', 'preview', 'history'].map((view) =>
  view ? `?view=${view}` : '',
)

const WIDTHS = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 900 }],
] as const

for (const language of ['es', 'en'] as const) {
  test(`WCAG 2.2 AA: every form of the storefront page, its preview and history, at 390 and 1366 px (${language})`, async ({
    page,
    admin,
  }) => {
    test.slow()
    await signInThroughApi(page, admin)
    await chooseLanguage(page, language)
    for (const view of VIEWS) {
      await page.goto(`/admin/storefront${view}`)
      await expect(page.locator('#console-page-title')).toBeVisible()
      await expect(
        page.getByRole('navigation', { name: /Partes de la tienda|Parts of the storefront/ }),
      ).toBeVisible()
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      if (view === '?view=preview') await expect(page.locator('iframe')).toBeVisible()
      for (const [width, viewport] of WIDTHS) {
        await page.setViewportSize(viewport)
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        )
        expect.soft(await axeViolations(page), `${view || 'store'} ${width}`).toEqual([])
        await lookAt(page, `storefront${view.replace('?view=', '-') || '-store'}-${width}`)
      }
    }
  })
}
