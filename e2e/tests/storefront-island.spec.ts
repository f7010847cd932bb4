import type { Page } from '@playwright/test'
import { SUPPORT_EMAIL } from '../store-settings'
import { expect, signIn, test } from './fixtures'

/**
 * Decision 010: a visitor's storefront pages are their prerendered HTML plus a small island (phone menu,
 * language switcher, the landing page's carousel); a member there gets the app, whose components run
 * the same controllers.
 */
const counter = (page: Page) => page.getByTestId('carousel-counter')

test('a visitor gets the landing page without the app, and its carousel, menu and language work', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto('/landing-pack-apps', { waitUntil: 'networkidle' })
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true')
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
  expect(scripts.filter((path) => /\/(start-app|react|en|es)-[\w-]+\.js$/.test(path))).toEqual([])

  // The carousel turns by itself and answers its controls.
  await expect(counter(page)).not.toHaveText('1 of 23', { timeout: 3500 })
  await page.getByRole('button', { name: 'Pause the carousel' }).click()
  await expect(page.getByRole('button', { name: 'Resume the carousel' })).toBeVisible()
  const dot = page.getByRole('button', { name: /^Go to app 5:/ })
  await dot.click()
  await expect(counter(page)).toHaveText('5 of 23')
  await expect(dot).toHaveAttribute('aria-current', 'true')

  // The phone menu opens, closes with Escape and gives the focus back.
  const toggle = page.getByRole('button', { name: 'Open menu' })
  const menuLogin = page
    .locator(`[id="${await toggle.getAttribute('aria-controls')}"]`)
    .getByRole('link', { name: 'Login' })
  await toggle.click()
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
  await expect(menuLogin).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menuLogin).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()

  // The switcher brings the page in Spanish, and the server remembers it.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('button', { name: 'Switch to Español' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('button', { name: 'Pausar el carrusel' })).toBeVisible()
  expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('es')
  await context.close()
})

test('a member on the landing page gets the app: the member navigation and the same carousel', async ({
  page,
  member,
}) => {
  await signIn(page, member, '/landing-pack-apps')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Search' })).toBeVisible()
  await page.getByRole('button', { name: 'Pause the carousel' }).click()
  await page.getByRole('button', { name: 'Next app' }).click()
  const shown = (await counter(page).textContent()) ?? ''
  await page.waitForTimeout(2600)
  await expect(counter(page)).toHaveText(shown)

  // A new language draws new texts; the carousel carries on where it was, still paused.
  await page.getByRole('banner').getByRole('button', { name: 'Switch to Español' }).click()
  await expect(page.getByRole('button', { name: 'Reanudar el carrusel' })).toBeVisible()
  await expect(counter(page)).toHaveText(shown.replace('of', 'de'))
})

test('a visitor reads the other storefront pages without the app; a member gets it there too', async ({
  browser,
  page,
  member,
}) => {
  const visitor = await browser.newPage({ locale: 'en-US' })
  const scripts: string[] = []
  visitor.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  for (const path of ['/', '/products', '/faq', '/legal-terms']) {
    await visitor.goto(path, { waitUntil: 'networkidle' })
    await expect(visitor.locator('html')).toHaveAttribute('data-interactive', 'true')
  }
  expect(scripts.filter((path) => /\/(start-app|react)-[\w-]+\.js$/.test(path))).toEqual([])
  await visitor.close()

  // A member's pages are the app's: drawn in the browser in the new language, support address included.
  await signIn(page, member, '/faq')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await expect(page.getByRole('main')).toContainText(`write to us at ${SUPPORT_EMAIL}`)
  await page.getByRole('banner').getByRole('button', { name: 'Switch to Español' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes')
  await expect(page.getByRole('main')).toContainText(`escríbenos a ${SUPPORT_EMAIL}`)
})
