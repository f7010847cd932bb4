import { expect, test } from '@playwright/test'

/** The landing page (seed-spec sections 1, 2 and 9), in English (the browser's language here). */
test('the landing page has every section with its figures', async ({ page }) => {
  await page.goto('/landing-pack-apps')
  const hero = page.getByRole('region', { name: /Over 700 artificial intelligence apps/ })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Over 700 artificial intelligence apps with their source code, for $25',
  )
  await expect(hero.getByText('One-off payment, no subscription')).toBeVisible()

  const carousel = page.getByRole('region', { name: 'Sample apps' })
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(23)
  await expect(carousel.locator('img')).toHaveCount(23)
  for (const image of await carousel.locator('img').all()) {
    await expect(image).toHaveAttribute('width', '640')
    await expect(image).toHaveAttribute('height', '400')
    await expect(image).toHaveAttribute('src', /^\/samples\/[a-z-]+\.webp$/)
  }
  // Version 1's illustrations, at the addresses its content names.
  const first = (await carousel.locator('img').first().getAttribute('src')) ?? ''
  const image = await page.request.get(first)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/webp')
  await expect(carousel.getByRole('heading', { name: 'WhatsApp sales assistant' })).toBeVisible()

  for (const heading of [
    'Starting an AI project from scratch costs more than it seems',
    'Start from something that already works',
    'What the bundle includes',
    'What you gain',
    'Buy with peace of mind',
    'Everything you get for a single payment',
    'Frequently asked questions',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  }
  await expect(page.getByRole('heading', { name: 'Over 700 AI apps' })).toBeVisible()
  await expect(
    page.getByText('You save weeks: you start from a working project, not from scratch.'),
  ).toBeVisible()

  const trust = page.getByRole('region', { name: 'Buy with peace of mind' })
  await expect(trust.getByRole('listitem')).toHaveCount(4)
  for (const badge of ['Delivery by email', 'Secure purchase', 'Privacy', 'Content updated 2025']) {
    await expect(trust.getByRole('heading', { name: badge })).toBeVisible()
  }

  const pricing = page.locator('#pricing')
  await expect(pricing.getByTestId('bundle-price')).toHaveText('$25')
  await expect(pricing.getByRole('heading', { name: 'Bundle of 700+ AI apps' })).toBeVisible()
  await expect(pricing.getByRole('heading', { name: 'Bonus 1: n8n automation course' })).toBeVisible()
  await expect(pricing.getByText('Valued at €119.97')).toBeVisible()
  await expect(pricing.getByRole('heading', { name: 'Bonus 2: AI master programme' })).toBeVisible()
  await expect(pricing.getByText('Valued at over €1000')).toBeVisible()
  await expect(pricing.getByRole('link', { name: 'refund policy' })).toHaveAttribute('href', '/refund-policy')

  const faq = page.locator('#faq details')
  await expect(faq).toHaveCount(7)
  for (const question of [
    'What exactly does the bundle include?',
    'Does it work on Windows, Mac or Linux?',
    'When do I receive the bundle?',
    'How do I pay? Is it secure?',
    'How do I access the bonuses?',
    'Do I need prior knowledge?',
    'Is the content updated?',
  ]) {
    await expect(page.locator('#faq summary', { hasText: question })).toBeVisible()
  }
})

test('without a checkout address the buy buttons lead to the pricing and say why', async ({ page }) => {
  // The e2e server runs without CHECKOUT_URL; the configured case is covered by the server's tests.
  await page.goto('/landing-pack-apps')
  const buy = page.getByRole('link', { name: 'See pricing' }).first()
  await expect(buy).toHaveAttribute('href', '#pricing')
  await expect(page.getByText('Online payment is not configured in this store yet').first()).toBeVisible()
  await buy.click()
  await expect(page).toHaveURL(/#pricing$/)
  await expect(
    page.getByRole('heading', { name: 'Everything you get for a single payment' }),
  ).toBeInViewport()
})

test('the landing page is Spanish for a Spanish browser', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' })
  const page = await context.newPage()
  await page.goto('/landing-pack-apps')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    // The store's money formatter in Spanish (Intl; its no-break space reads as a space here).
    'Más de 700 apps de inteligencia artificial con su código fuente, por 25 US$',
  )
  await expect(page.getByTestId('bundle-price')).toHaveText('25 US$')
  await expect(page.getByRole('link', { name: 'Ver precios' }).first()).toHaveAttribute('href', '#pricing')
  await expect(page.getByText('Valorado en 119,97 €', { exact: true })).toBeVisible()
  await expect(page.getByText('Valorado en más de 1000 €', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Contenido actualizado 2025' })).toBeVisible()
  await context.close()
})

test('FAQ answers open and close from the keyboard', async ({ page }) => {
  await page.goto('/landing-pack-apps')
  const item = page.locator('#faq details').nth(2)
  const answer = item.getByText(/valid for 15 days after purchase/)
  await expect(answer).toBeHidden()
  await item.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(item).toHaveAttribute('open', '')
  await expect(answer).toBeVisible()
  await page.keyboard.press('Space')
  await expect(item).not.toHaveAttribute('open', '')
  await expect(answer).toBeHidden()
})
