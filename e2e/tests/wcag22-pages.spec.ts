import type { Page } from '@playwright/test'
import { axeViolations, focusHiddenUnderHeader, targetSizeProblems } from './accessibility'
import { isCollectionRequest } from './catalog'
import { expect, signInThroughApi, test, type Member } from './fixtures'

/**
 * WCAG 2.2 A and AA on every page of the store but the console (whose tests check it): axe-core's
 * rules, then two that axe cannot judge (target size, focus hidden under the sticky header), in
 * Spanish (the store's default) and English, on a desktop and on a phone. Each test visits its page
 * once per language and resizes the window between the two widths, to keep the run short.
 */
test.use({ locale: 'es-ES' })

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
const LANGUAGES = ['es', 'en'] as const
type Language = (typeof LANGUAGES)[number]

/** The address in a language (`?lang=`, which outranks a choice remembered by the switcher). */
const inLanguage = (path: string, language: Language) =>
  `${path}${path.includes('?') ? '&' : '?'}lang=${language}`

/**
 * Every check of the page as it is now, on a desktop and on a phone (there with its menu open); with
 * the details open, of the details alone (the page behind is inert, and was checked before).
 */
async function expectAccessible(page: Page, label: string) {
  const dialogOpen = (await page.locator('dialog[open]').count()) > 0
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    const where = `${label}, ${width}`
    if (!dialogOpen)
      expect.soft(await focusHiddenUnderHeader(page), `${where}: focus under the header`).toEqual([])
    const menu = page.locator('[data-menu-toggle]')
    const openMenu = width === 'phone' && !dialogOpen && (await menu.isVisible())
    if (openMenu) await menu.click()
    expect.soft(await axeViolations(page), `${where}: axe`).toEqual([])
    const targets = await targetSizeProblems(page, dialogOpen ? 'dialog[open]' : 'body')
    expect.soft(targets, `${where}: target size`).toEqual([])
    if (openMenu) await menu.click()
  }
  await page.setViewportSize(DESKTOP)
}

/** The app (not the storefront's island) changes language in place with its switcher: no reload. */
async function switchLanguage(page: Page, language: Language) {
  await page.locator(`header [data-language-switch="${language}"]:visible`).click()
  await expect(page.locator('html')).toHaveAttribute('lang', language)
}

const storefront = [
  '/',
  '/products',
  '/landing-pack-apps',
  '/legal-terms',
  '/privacy-policy',
  '/refund-policy',
  '/who-we-are',
  '/faq',
  '/thank-you',
  '/no-such-page',
]

for (const path of storefront) {
  test(`WCAG 2.2 AA: ${path}`, async ({ page }) => {
    for (const language of LANGUAGES) {
      await page.goto(inLanguage(path, language))
      await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true')
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await expectAccessible(page, `${path} (${language})`)
    }
  })
}

test('WCAG 2.2 AA: /login, and after a failed sign-in', async ({ page }) => {
  await page.goto(inLanguage('/login', 'es'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await expectAccessible(page, '/login (es)')
  await page.locator('#login-email').fill('nadie@example.com')
  await page.locator('#login-password').fill('no es la contraseña')
  await page.locator('form button[type="submit"]').click()
  await expect(page.getByRole('alert')).toBeVisible()
  await expectAccessible(page, '/login failed (es)')
  // The English page is the same but for its texts: checked with the failure shown.
  await switchLanguage(page, 'en')
  await expect(page.getByRole('alert')).toHaveText(/^Invalid credentials/)
  await expectAccessible(page, '/login failed (en)')
})

test('WCAG 2.2 AA: /forgot-password, and an expired reset link', async ({ page }) => {
  await page.goto(inLanguage('/forgot-password', 'es'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await expectAccessible(page, '/forgot-password (es)')
  await switchLanguage(page, 'en')
  await expectAccessible(page, '/forgot-password (en)')
  const expired = '/reset-password?userId=abc&secret=def&expire=2020-01-01T00%3A00%3A00.000%2B00%3A00'
  await page.goto(inLanguage(expired, 'en'))
  await expect(page.getByRole('alert')).toBeVisible()
  await expectAccessible(page, '/reset-password expired (en)')
  await switchLanguage(page, 'es')
  await expectAccessible(page, '/reset-password expired (es)')
})

/** A member signed in, on the Spanish gallery, with its first project marked as a favourite. */
async function signInWithAFavourite(page: Page, member: Member) {
  await signInThroughApi(page, member)
  await page.goto(inLanguage('/search', 'es'))
  const heart = page.locator('article [aria-pressed]').first()
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
}

test('WCAG 2.2 AA: /search, a favourite’s details open, and a failed load', async ({ page, member }) => {
  await signInWithAFavourite(page, member)
  const open = page.locator('[data-open-project]').first()
  for (const language of LANGUAGES) {
    if (language === 'en') await switchLanguage(page, 'en')
    await expect(page.getByRole('article')).toHaveCount(20)
    await expectAccessible(page, `/search (${language})`)
    await open.click()
    await expect(page.locator('dialog[open] h2')).not.toBeEmpty()
    await expectAccessible(page, `/search details (${language})`)
    await page.keyboard.press('Escape')
    await expect(page.locator('dialog[open]')).toHaveCount(0)
  }

  await page.route(
    (url) => isCollectionRequest(url.href, 'tags'),
    (route) => route.abort(),
  )
  await page.goto(inLanguage('/search', 'en'))
  await expect(page.getByRole('alert')).toBeVisible()
  await expectAccessible(page, '/search failed (en)')
  await switchLanguage(page, 'es')
  await expectAccessible(page, '/search failed (es)')
})

test('WCAG 2.2 AA: /home with a favourite', async ({ page, member }) => {
  await signInWithAFavourite(page, member)
  await page.goto(inLanguage('/home', 'es'))
  await expect(page.getByRole('article')).toHaveCount(1)
  await expectAccessible(page, '/home (es)')
  await switchLanguage(page, 'en')
  await expectAccessible(page, '/home (en)')
})
