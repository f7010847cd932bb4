import { expect, signIn, test } from './fixtures'

test('the welcome page has the headline, the text, Browse Projects and the three features', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Projects Gallery' })).toBeVisible()
  await expect(
    page.getByText(
      'Discover amazing projects from our community. Explore, search, and find inspiration for your next project.',
    ),
  ).toBeVisible()
  for (const feature of ['Search & Discover', 'Save Favorites', 'Organize by Categories']) {
    await expect(page.getByRole('heading', { name: feature })).toBeVisible()
  }
  await page.getByRole('link', { name: 'Browse Projects' }).click()
  await expect(page).toHaveURL(/\/login\?next=%2Fsearch$/)
})

test('the navigation bar changes with the session and logging out goes home', async ({ page, member }) => {
  await page.goto('/')
  const nav = page.getByRole('banner')
  await expect(nav.getByRole('link', { name: 'Projects Gallery', exact: true })).toHaveAttribute('href', '/')
  await expect(nav.getByRole('link', { name: 'Products', exact: true })).toHaveAttribute('href', '/products')
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Search', exact: true })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'My account', exact: true })).toHaveCount(0)

  await signIn(page, member)
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/home')
  await expect(nav.getByRole('link', { name: 'Search', exact: true })).toHaveAttribute('href', '/search')
  await expect(nav.getByRole('link', { name: 'My account', exact: true })).toHaveAttribute('href', '/account')
  await nav.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible()
})

test('social links open a new tab without an opener, and the footer links every page', async ({ page }) => {
  await page.goto('/')
  const external = page.locator('a[target="_blank"]:visible')
  await expect(external).toHaveCount(2)
  for (const link of await external.all()) await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  const footer = page.getByRole('contentinfo')
  for (const href of [
    '/',
    '/products',
    '/who-we-are',
    '/legal-terms',
    '/privacy-policy',
    '/refund-policy',
    '/faq',
  ]) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1)
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`)
})

test('Products shows the under-development page and an unknown address a real 404', async ({ page }) => {
  await page.goto('/products')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(/under development/i)).toBeVisible()
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible()
})

test('Spanish is the default language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Welcome to Projects Gallery')
  await context.close()
})

test('no page asks anything of another origin', async ({ page, member }) => {
  const foreign: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1:')) foreign.push(request.url())
  })
  for (const path of ['/', '/login', '/products']) await page.goto(path)
  await signIn(page, member, '/search')
  expect(foreign).toEqual([])
})
