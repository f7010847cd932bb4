import { chooseLanguage, expect, signIn, test } from './fixtures'

test.describe('the owner’s console', () => {
  test('a member without the admin label who opens /admin is sent to their dashboard', async ({
    page,
    member,
  }) => {
    await signIn(page, member)
    await expect(page.getByRole('link', { name: 'Console' })).toHaveCount(0)
    await page.goto('/admin/members')
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByRole('heading', { name: 'Store console' })).toHaveCount(0)
  })

  test('no visitor or member downloads any of the console’s code or texts', async ({ page, member }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto('/')
    await signIn(page, member, '/search')
    await expect(page.getByRole('article').first()).toBeVisible()
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/home$/)
    expect(scripts.length).toBeGreaterThan(0)
    // The build names every chunk holding a console module console-*.js (vite.config.ts).
    expect(scripts.filter((script) => script.startsWith('/assets/console-'))).toEqual([])
  })

  test('a visitor who opens /admin signs in first and comes back to it', async ({ page, admin }) => {
    await page.goto('/admin/settings')
    await expect(page).toHaveURL(/\/login/)
    await page.getByLabel('Email address').fill(admin.email)
    await page.getByLabel('Password').fill(admin.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/settings$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Store console' })).toBeVisible()
  })

  test('a bookmark or a reload of a console page answers 200 with that page’s title, in the page’s language', async ({
    page,
    admin,
  }) => {
    await signIn(page, admin)
    for (const [path, title] of [
      ['/admin', 'Overview · Console · Projects Gallery'],
      ['/admin/members', 'Members · Console · Projects Gallery'],
      ['/admin/audit', 'Audit log · Console · Projects Gallery'],
    ] as const) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      // The page the server sent names it before the app runs (issue 28, item 12)…
      expect(await response?.text()).toContain(`<title>${title}</title>`)
      // …and the app, once it drew the page, says the same.
      await expect(page.getByRole('heading', { level: 2 })).toBeVisible()
      await expect(page).toHaveTitle(title)
      const reloaded = await page.reload()
      expect(reloaded?.status()).toBe(200)
      await expect(page).toHaveTitle(title)
    }
    // In Spanish, the page's language, from the server as from the app.
    await chooseLanguage(page, 'es')
    const spanish = await page.goto('/admin/members')
    expect(spanish?.status()).toBe(200)
    expect(await spanish?.text()).toContain('<title>Miembros · Consola · Projects Gallery</title>')
    await expect(page.getByRole('heading', { level: 2, name: 'Miembros' })).toBeVisible()
    await expect(page).toHaveTitle('Miembros · Consola · Projects Gallery')
    // An address the app does not draw is still the 404 page.
    const missing = await page.goto('/admin/nope')
    expect(missing?.status()).toBe(404)
    expect(await missing?.text()).toContain('<meta name="robots" content="noindex">')
  })

  test('an admin reaches every section from the header and the console’s navigation', async ({
    page,
    admin,
  }) => {
    await signIn(page, admin)
    await page.getByRole('banner').getByRole('link', { name: 'Console' }).first().click()
    await expect(page).toHaveURL(/\/admin$/)
    const sections = page.getByRole('navigation', { name: 'Console sections' })
    for (const [name, path] of [
      ['Members', '/admin/members'],
      ['Orders', '/admin/orders'],
      ['Catalogue', '/admin/catalogue'],
      ['Settings', '/admin/settings'],
      ['Audit log', '/admin/audit'],
      ['Overview', '/admin'],
    ] as const) {
      await sections.getByRole('link', { name, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(sections.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page')
    }
  })
})
