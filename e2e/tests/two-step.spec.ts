import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { codeAt } from '../../apps/server/src/members/mfa/totp-codes'
import { serveFlags } from '../../apps/server/test/support/server-build'
import { SMTP_PORT } from '../smtp-outbox'
import { DATA_DIR, DATABASE_ID, OWNER, PROJECT_ID, SUPPORT_EMAIL } from '../store-settings'
import { axeViolations, targetSizeProblems } from './accessibility'
import { chooseLanguage, expect, signInThroughApi, test, type Member } from './fixtures'

/**
 * Issue 43 in Chromium: a member turns on two-step verification in "My account" with the secret the
 * page shows (as an authenticator app would read it), then signs in with the password and a code, and
 * with a recovery code; the sign-in's code step from the keyboard alone; WCAG 2.2 AA at every step, in
 * both languages, on a phone and a desktop; and a store started with `ADMIN_MFA=required`, whose admin
 * without a second factor sees only the enrolment in the console until they turn it on.
 */

const STEP_MS = 30_000

/**
 * The member's authenticator app: a code of the current step, or of the next one when the current
 * step's code was used already (the server takes a step's code once, and accepts ±1 step). Waits for
 * the clock when even the next step's was used.
 */
function authenticatorApp(secret: string) {
  let lastStep = Number.NEGATIVE_INFINITY
  return async (): Promise<string> => {
    let current = Math.floor(Date.now() / STEP_MS)
    if (lastStep > current) {
      await new Promise((resolve) => setTimeout(resolve, lastStep * STEP_MS - Date.now() + 100))
      current = Math.floor(Date.now() / STEP_MS)
    }
    const step = Math.max(current, lastStep + 1)
    lastStep = step
    return codeAt(secret, new Date(step * STEP_MS))
  }
}
type AuthenticatorApp = ReturnType<typeof authenticatorApp>

/** The secret as the page writes it for typing by hand: groups of four, spaces between. */
async function secretShown(section: Locator, label: string): Promise<string> {
  const text = (await section.getByLabel(label).textContent()) ?? ''
  expect(text.trim()).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/)
  return text.replace(/\s/g, '')
}

/**
 * Two-step verification turned on through the API, as the page does it (authenticator, its first
 * code, recovery codes, on), for tests about signing in: the session used is ended.
 */
async function enrolThroughApi(request: APIRequestContext, member: Member) {
  const signedIn = await request.post('/v1/account/sessions/email', {
    data: { email: member.email, password: member.password },
  })
  expect(signedIn.status(), await signedIn.text()).toBe(201)
  const added = await request.post('/v1/account/mfa/authenticators/totp')
  expect(added.status(), await added.text()).toBe(200)
  const { secret } = (await added.json()) as { secret: string }
  const app = authenticatorApp(secret)
  const verified = await request.put('/v1/account/mfa/authenticators/totp', { data: { otp: await app() } })
  expect(verified.ok(), await verified.text()).toBe(true)
  const made = await request.post('/v1/account/mfa/recovery-codes')
  expect(made.ok(), await made.text()).toBe(true)
  const { recoveryCodes } = (await made.json()) as { recoveryCodes: string[] }
  const on = await request.patch('/v1/account/mfa', { data: { mfa: true } })
  expect(on.ok(), await on.text()).toBe(true)
  expect((await request.delete('/v1/account/sessions/current')).status()).toBe(204)
  return { app, recoveryCodes }
}

/** The password step of the sign-in form (on /login unless `opened` already), which then asks for the code. */
async function passwordStep(page: Page, member: Member, opened = false) {
  if (!opened) await page.goto('/login')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await page.getByLabel('Email address').fill(member.email)
  await page.getByLabel('Password').fill(member.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Two-step verification' })).toBeFocused()
}

async function signOutFromHeader(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).filter({ visible: true }).click()
  await expect(page).toHaveURL(/\/$/)
}

/**
 * "Turn on" in the two-step section through to the recovery codes, reading the secret from the page:
 * the app made from it, and the ten codes.
 */
async function turnOnInPage(page: Page, section: Locator) {
  await section.getByRole('button', { name: 'Turn on' }).click()
  await expect(
    section.getByRole('heading', { level: 3, name: '1. Add your account to the authenticator app' }),
  ).toBeFocused()
  await expect(
    section.getByRole('img', { name: /^QR code for your authenticator app/ }).locator('svg'),
  ).toBeVisible()
  const app = authenticatorApp(await secretShown(section, 'Key to type by hand'))
  await section.getByLabel('6-digit code').fill(await app())
  await section.getByRole('button', { name: 'Confirm and turn on' }).click()
  await expect(section.getByRole('heading', { level: 3, name: '3. Keep your recovery codes' })).toBeFocused()
  const codes = await section
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents()
  expect(codes).toHaveLength(10)
  expect(new Set(codes).size).toBe(10)
  return { app, codes }
}

test('a member turns two-step verification on, then signs in with the password and a code, and with a recovery code', async ({
  page,
  member,
  baseURL,
}) => {
  test.slow()
  let app: AuthenticatorApp = async () => ''
  let codes: string[] = []
  const section = page.getByRole('region', { name: 'Two-step verification' })

  await test.step('turns it on in My account, keeps the recovery codes and signs out', async () => {
    // Nothing leaves the store: the QR code holding the secret is drawn in the page.
    const elsewhere: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(baseURL ?? '').origin) elsewhere.push(request.url())
    })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await signInThroughApi(page, member)
    await page.goto('/account')
    await expect(section.getByText('Off.', { exact: true })).toBeVisible()
    ;({ app, codes } = await turnOnInPage(page, section))

    await section.getByRole('button', { name: 'Copy', exact: true }).click()
    await expect(section.getByText('Codes copied.')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'))
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('recovery-codes.txt')
    const saved = await readFile(await download.path(), 'utf8')
    for (const code of codes) expect(saved).toContain(code)

    await section.getByRole('button', { name: 'I have kept them' }).click()
    const on = section.getByText('On: signing in asks for a code from your authenticator app.')
    await expect(on).toBeFocused()
    await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible()
    // Read again from the server, the account says it is on.
    await page.reload()
    await expect(on).toBeVisible()
    expect(elsewhere).toEqual([])
    await signOutFromHeader(page)
  })

  await test.step('signs in with the password and a code', async () => {
    await passwordStep(page, member)
    // Until the code, the session is no one's: the API says a factor is missing, pages ask for it.
    const partial = await page.request.get('/v1/account')
    expect(partial.status()).toBe(401)
    expect((await partial.json()) as { type: string }).toMatchObject({ type: 'user_more_factors_required' })
    await page.goto('/home')
    await expect(page).toHaveURL(/\/login\?next=%2Fhome$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Two-step verification' })).toBeVisible()
    await page.getByLabel('6-digit code').fill(await app())
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByText(member.name).first()).toBeVisible()
    expect((await page.request.get('/v1/account')).status()).toBe(200)
    await signOutFromHeader(page)
  })

  await test.step('signs in with a recovery code, which works once', async () => {
    const recoveryField = page.getByLabel('Recovery code')
    const withRecoveryCode = async (code: string) => {
      await recoveryField.fill(code)
      await page.getByRole('button', { name: 'Verify' }).click()
    }
    await passwordStep(page, member)
    await page.getByRole('button', { name: 'Use a recovery code' }).click()
    await expect(recoveryField).toBeFocused()
    await withRecoveryCode(codes[0] ?? '')
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByText(member.name).first()).toBeVisible()
    await signOutFromHeader(page)

    await passwordStep(page, member)
    await page.getByRole('button', { name: 'Use a recovery code' }).click()
    await withRecoveryCode(codes[0] ?? '')
    await expect(page.getByRole('alert')).toHaveText('That recovery code is not valid or was already used.')
    await expect(recoveryField).toBeFocused()
    await expect(recoveryField).toHaveAttribute('aria-invalid', 'true')
    await withRecoveryCode(codes[1] ?? '')
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByText(member.name).first()).toBeVisible()
  })
})

test('the sign-in’s code step from the keyboard alone: a code from the app, then a recovery code', async ({
  page,
  member,
  request,
}) => {
  const { app, recoveryCodes } = await enrolThroughApi(request, member)
  const heading = page.getByRole('heading', { level: 2, name: 'Two-step verification' })

  for (const way of ['app', 'recovery code'] as const) {
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page.keyboard.press('Tab')
    await expect(page.locator('a[href="#main"]')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('main')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Email address')).toBeFocused()
    await page.keyboard.type(member.email)
    await page.keyboard.press('Tab')
    await page.keyboard.type(member.password)
    await page.keyboard.press('Enter')
    // The step replaces the form: its heading has the focus, then its field is next.
    await expect(heading).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('6-digit code')).toBeFocused()
    if (way === 'app') {
      await page.keyboard.type(await app())
    } else {
      await page.keyboard.press('Tab')
      await expect(page.getByRole('button', { name: 'Verify' })).toBeFocused()
      await page.keyboard.press('Tab')
      await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(page.getByLabel('Recovery code')).toBeFocused()
      await page.keyboard.type(recoveryCodes[0] ?? '')
    }
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByText(member.name).first()).toBeVisible()
    expect((await page.request.delete('/v1/account/sessions/current')).status()).toBe(204)
  }
})

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

/** The texts the accessibility walk looks for, in each language (apps/web/src/locales/…/account.json). */
const TEXTS = {
  es: {
    section: 'Verificación en dos pasos',
    off: 'Desactivada.',
    turnOn: 'Activar',
    scan: '1. Añade tu cuenta a la app de autenticación',
    secret: 'Clave para escribir a mano',
    code: 'Código de 6 cifras',
    confirm: 'Confirmar y activar',
    codeFormat: 'El código tiene 6 cifras.',
    codes: '3. Guarda tus códigos de recuperación',
    done: 'Ya los he guardado',
    on: 'Activada: al entrar te pediremos un código de tu app de autenticación.',
    useRecovery: 'Usar un código de recuperación',
    recoveryCode: 'Código de recuperación',
  },
  en: {
    section: 'Two-step verification',
    off: 'Off.',
    turnOn: 'Turn on',
    scan: '1. Add your account to the authenticator app',
    secret: 'Key to type by hand',
    code: '6-digit code',
    confirm: 'Confirm and turn on',
    codeFormat: 'The code has 6 digits.',
    codes: '3. Keep your recovery codes',
    done: 'I have kept them',
    on: 'On: signing in asks for a code from your authenticator app.',
    useRecovery: 'Use a recovery code',
    recoveryCode: 'Recovery code',
  },
} as const

for (const language of ['es', 'en'] as const) {
  test(`WCAG 2.2 AA: two-step verification in My account and at sign-in, on a phone and a desktop (${language})`, async ({
    page,
    member,
  }) => {
    const text = TEXTS[language]
    /** axe and target size at both widths: a resize, not a new page. */
    const check = async (where: string) => {
      for (const [size, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport)
        expect.soft(await axeViolations(page), `${where}, ${size}: axe`).toEqual([])
        expect.soft(await targetSizeProblems(page), `${where}, ${size}: target size`).toEqual([])
      }
    }
    await chooseLanguage(page, language)
    await signInThroughApi(page, member)
    await page.goto('/account')
    const section = page.getByRole('region', { name: text.section })
    await expect(section.getByText(text.off, { exact: true })).toBeVisible()
    await expect(section.getByRole('button', { name: text.turnOn })).toBeEnabled()
    await check('/account, off')

    await section.getByRole('button', { name: text.turnOn }).click()
    await expect(section.getByRole('heading', { level: 3, name: text.scan })).toBeFocused()
    await check('/account, the QR code')
    const field = section.getByLabel(text.code)
    await field.fill('12')
    await field.press('Enter')
    await expect(section.getByRole('alert')).toHaveText(text.codeFormat)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await check('/account, the QR code and a code too short')

    const app = authenticatorApp(await secretShown(section, text.secret))
    await field.fill(await app())
    await section.getByRole('button', { name: text.confirm }).click()
    await expect(section.getByRole('heading', { level: 3, name: text.codes })).toBeFocused()
    await check('/account, the recovery codes')
    await section.getByRole('button', { name: text.done }).click()
    await expect(section.getByText(text.on)).toBeFocused()
    await check('/account, on')

    expect((await page.request.delete('/v1/account/sessions/current')).status()).toBe(204)
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page.locator('#login-email').fill(member.email)
    await page.locator('#login-password').fill(member.password)
    await page.locator('main form button[type="submit"]').click()
    const codeField = page.getByLabel(text.code)
    await expect(codeField).toBeVisible()
    await check('/login, the code step')
    await codeField.fill('12')
    await codeField.press('Enter')
    await expect(page.getByRole('alert')).toHaveText(text.codeFormat)
    await check('/login, the code step and a code too short')
    await page.getByRole('button', { name: text.useRecovery }).click()
    await expect(page.getByLabel(text.recoveryCode)).toBeFocused()
    await check('/login, the recovery code step')
  })
}

/**
 * A store of its own started with `ADMIN_MFA=required` (the shared e2e store runs without it, as
 * other tests make admins without a second factor): the same build, its own port and data folder.
 */
test.describe('a store that requires a second factor of its admins (ADMIN_MFA=required)', () => {
  const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
  const PORT = Number(process.env.E2E_PORT ?? 4310) + 4
  const ORIGIN = `http://127.0.0.1:${PORT}`
  const STORE_DIR = `${DATA_DIR}-admin-mfa`
  let store: ChildProcess | undefined

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    rmSync(path.resolve(repository, STORE_DIR), { recursive: true, force: true })
    store = spawn(process.execPath, [...serveFlags(), 'apps/server/dist/main.js'], {
      cwd: repository,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: STORE_DIR,
        DEMO: '1',
        ADMIN_MFA: 'required',
        LOG_LEVEL: 'warn',
        SUPPORT_EMAIL,
        // The owner is the first admin; the test's admin is a second one.
        OWNER_EMAIL: OWNER.email,
        DEMO_EMAIL: OWNER.email,
        DEMO_PASSWORD: OWNER.password,
        PROJECT_ID,
        DATABASE_ID,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      },
    })
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${ORIGIN}/v1/health/version`)).status
          } catch {
            return 0
          }
        },
        { timeout: 90_000, intervals: [250] },
      )
      .toBe(200)
  })

  test.afterAll(async () => {
    if (store && store.exitCode === null) {
      const exited = new Promise((resolve) => store?.once('exit', resolve))
      store.kill('SIGTERM')
      await exited
    }
    rmSync(path.resolve(repository, STORE_DIR), { recursive: true, force: true })
  })

  test('a second admin without a second factor sees only the enrolment in the console, then turns it on and sees the console', async ({
    browser,
  }) => {
    test.slow()
    const suffix = randomBytes(4).toString('hex')
    const admin = {
      email: `e2e-admin-mfa-${suffix}@example.com`,
      password: `e2e admin password ${suffix}`,
      name: `Olga ${suffix}`,
    }
    await promisify(execFile)(
      process.execPath,
      [
        'apps/server/dist/cli.js',
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
      ],
      { cwd: repository, env: { ...process.env, DATA_DIR: STORE_DIR } },
    )
    const context = await browser.newContext({ baseURL: ORIGIN, locale: 'en-US', viewport: DESKTOP })
    const page = await context.newPage()
    await signInThroughApi(page, admin)

    // Only the enrolment: no console navigation, no console page, even by its address; the server agrees.
    const gate = page.getByRole('heading', {
      level: 2,
      name: 'Turn on two-step verification to use the console',
    })
    const sections = page.getByRole('navigation', { name: 'Console sections' })
    const section = page.getByRole('region', { name: 'Two-step verification' })
    await page.goto('/admin/members')
    await expect(page.getByRole('heading', { level: 1, name: 'Store console' })).toBeVisible()
    await expect(gate).toBeFocused()
    await expect(section).toBeVisible()
    await expect(sections).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 2, name: 'Members' })).toHaveCount(0)
    expect(await (await page.request.get('/v1/store/mfa-policy')).json()).toEqual({ required: true })
    expect((await page.request.get('/v1/store/audit')).status()).toBe(401)
    await page.goto('/admin')
    await expect(gate).toBeVisible()
    await expect(sections).toHaveCount(0)
    expect.soft(await axeViolations(page), 'the enrolment gate: axe').toEqual([])

    // Turned on there, the console opens.
    const { app } = await turnOnInPage(page, section)
    await section.getByRole('button', { name: 'I have kept them' }).click()
    await expect(sections).toBeVisible()
    await expect(gate).toHaveCount(0)
    const audit = await page.request.get('/v1/store/audit')
    expect(audit.status(), await audit.text()).toBe(200)
    const events = JSON.stringify(await audit.json())
    expect(events).toContain('account.mfa.enrol')
    expect(events).toContain(admin.email)
    await sections.getByRole('link', { name: 'Members', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/members$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Members' })).toBeVisible()

    // Signed out, the admin signs in with the password and a code, and comes back to the console.
    expect((await page.request.delete('/v1/account/sessions/current')).status()).toBe(204)
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/)
    await passwordStep(page, admin, true)
    await page.getByLabel('6-digit code').fill(await app())
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(sections).toBeVisible()
    await expect(gate).toHaveCount(0)
    await context.close()
  })
})
