import { DATABASE_ID, PROJECT_ID } from '../store-settings'
import { consoleErrors, expect, signInThroughForm, test } from './fixtures'

/**
 * The e2e store runs with PROJECT_ID and DATABASE_ID other than the build's defaults
 * (playwright.config.ts): the browser learns them from the page the server fills in (issue 10,
 * item 22; decision 015), so the same build signs in and shows the gallery.
 */
test('a store with its own project and database ids signs a member in and shows the gallery', async ({
  page,
  member,
}) => {
  expect(PROJECT_ID).not.toBe('projects-gallery')
  expect(DATABASE_ID).not.toBe('gallery')
  const errors = consoleErrors(page)
  const projects: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/collections/projects/documents')) projects.push(request.url())
  })

  await signInThroughForm(page, member)
  const cookies = await page.context().cookies()
  expect(cookies.map((cookie) => cookie.name)).toContain(`a_session_${PROJECT_ID}`)

  await page.goto('/search')
  await expect(page.getByRole('article')).toHaveCount(20)
  expect(projects.length).toBeGreaterThan(0)
  for (const url of projects) expect(new URL(url).pathname).toContain(`/v1/databases/${DATABASE_ID}/`)
  expect(errors).toEqual([])
})

test("every kind of page names the server's ids: storefront, sign-in, members' shell, 404", async ({
  request,
}) => {
  for (const path of ['/', '/landing-pack-apps', '/login', '/search', '/no-such-page']) {
    const html = await (await request.get(path)).text()
    expect(html, path).toContain(`<meta name="appwrite-project" content="${PROJECT_ID}"`)
    expect(html, path).toContain(`<meta name="appwrite-database" content="${DATABASE_ID}"`)
  }
})
