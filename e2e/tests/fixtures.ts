import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'
import { DATA_DIR } from '../store-settings'

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface Member {
  email: string
  password: string
  name: string
}

/** A new member made through the API (sign-up is on in the e2e store). */
export async function createMember(request: APIRequestContext): Promise<Member> {
  const suffix = randomBytes(4).toString('hex')
  const member = {
    email: `e2e-${suffix}@example.com`,
    password: `e2e password ${suffix}`,
    name: `Ana ${suffix}`,
  }
  const response = await request.post('/v1/account', {
    data: { userId: 'unique()', ...member },
    // Sign-up is limited per address; the test server trusts X-Forwarded-For.
    headers: { 'x-forwarded-for': `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}` },
  })
  expect(response.status(), await response.text()).toBe(201)
  return member
}

/** Each test makes its own member through the API, so tests never share sign-in limits or favourites. */
export const test = base.extend<{ member: Member; admin: Member }>({
  member: async ({ request }, use) => {
    await use(await createMember(request))
  },
  // An owner with the admin label, made as the README says: the admin CLI, through the running server.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  admin: async ({}, use) => {
    const suffix = randomBytes(4).toString('hex')
    const admin = {
      email: `e2e-admin-${suffix}@example.com`,
      password: `e2e admin password ${suffix}`,
      name: `Olga ${suffix}`,
    }
    await runAdminCli([
      'users',
      'create',
      '--email',
      admin.email,
      '--name',
      admin.name,
      '--password',
      admin.password,
      '--label',
      'admin',
    ])
    await use(admin)
  },
})

/**
 * Runs `npm run admin -- …` against the e2e store (its data folder holds the server's admin channel):
 * the build's CLI, which `npm run test:e2e` builds with the server.
 */
export async function runAdminCli(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['apps/server/dist/cli.js', ...args], {
    cwd: repository,
    env: { ...process.env, DATA_DIR },
  })
  return stdout
}

/** Signs in through the sign-in form, as a member does: for the tests about signing in. */
export async function signInThroughForm(page: Page, member: Member): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email address').fill(member.email)
  await page.getByLabel('Password').fill(member.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/home$/)
}

/** Signs in through the API, for tests about something else: the session lands in the page's context. */
export async function signInThroughApi(page: Page, member: Member): Promise<void> {
  const response = await page.request.post('/v1/account/sessions/email', {
    data: { email: member.email, password: member.password },
  })
  expect(response.status(), await response.text()).toBe(201)
}

/**
 * A signed-in member on `path` (their dashboard unless said): signed in through the API, then the page
 * opened, as a member who signed in earlier opens a bookmark. The form is tested by login.spec.ts.
 */
export async function signIn(page: Page, member: Member, path = '/home'): Promise<void> {
  await signInThroughApi(page, member)
  await page.goto(path)
  if (path === '/home') await expect(page).toHaveURL(/\/home$/)
}

/**
 * The language this browser chose earlier, as the language menu leaves it: the cookie the server reads to
 * send its pages in that language. Set before the page that should show it is opened; setting the app's
 * storage on a page still starting instead made that page reload itself to switch, racing the test's
 * next navigation (it landed on the page being reloaded).
 */
export async function chooseLanguage(page: Page, language: 'es' | 'en'): Promise<void> {
  const { baseURL } = test.info().project.use
  await page.context().addCookies([{ name: 'lang', value: language, url: baseURL }])
}

/** What the page logs with console.error from now on (filled as it happens). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

/**
 * A screenshot to look at while building a page, kept with the test's results; only when
 * `E2E_SCREENSHOTS=1`: encoding full pages costs a busy run's CPU and nobody opens CI's.
 */
export async function lookAt(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return
  await page.screenshot({ path: base.info().outputPath(`${name}.png`), fullPage: true })
}

export { expect }
