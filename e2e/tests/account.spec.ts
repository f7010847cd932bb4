import type { Page } from '@playwright/test'
import { nextMessageTo } from '../smtp-outbox'
import { axeViolations, targetSizeProblems } from './accessibility'
import { chooseLanguage, expect, signIn, signInThroughApi, test } from './fixtures'

/**
 * Issue 31: signing in with an emailed link or code, and "My account" (name, password, email language,
 * sessions). The email is the one the store really sent, read from the test SMTP server.
 */

const linkIn = (message: string) => {
  const link = /^(http:\/\/\S+\/login\/link\?\S+)\r?$/m.exec(message)?.[1]
  if (!link) throw new Error(`No sign-in link in:\n${message}`)
  return link
}
const codeIn = (message: string) => {
  const code = /: (\d{6})\r?$/m.exec(message)?.[1]
  if (!code) throw new Error(`No code in:\n${message}`)
  return code
}

async function askForLinkAndCode(page: Page, email: string) {
  await page.goto('/login')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await page.getByRole('button', { name: 'Get a link to sign in' }).click()
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send the link and the code' }).click()
  await expect(page.getByText(`If ${email} belongs to an account, we have sent it a link`)).toBeVisible()
}

test('a member asks for a link and opens it from the email in another browser: signed in on /home', async ({
  page,
  member,
  browser,
}) => {
  await askForLinkAndCode(page, member.email)
  const message = await nextMessageTo(member.email)
  expect(message).toContain('Sign in to Projects Gallery')

  // On a phone, the link opens in the mail app's browser: not the one that asked.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const phonePage = await phone.newPage()
  await phonePage.goto(linkIn(message))
  await expect(phonePage).toHaveURL(/\/home$/)
  await expect(phonePage.getByText(member.name).first()).toBeVisible()
  // The link worked once: opened again it says so.
  const again = await browser.newContext()
  const againPage = await again.newPage()
  await againPage.goto(linkIn(message))
  await expect(againPage.getByRole('alert')).toContainText('This link is not valid')
  await againPage.getByRole('link', { name: 'Ask for a new link' }).click()
  await expect(againPage).toHaveURL(/\/login$/)
  await phone.close()
  await again.close()
})

test('a member asks for a code and types it where they asked: a wrong code is told, the right one signs in', async ({
  page,
  member,
}) => {
  await askForLinkAndCode(page, member.email)
  const code = codeIn(await nextMessageTo(member.email))
  const field = page.getByLabel('6-digit code')
  await field.fill('12')
  await page.getByRole('button', { name: 'Sign in with the code' }).click()
  await expect(page.getByRole('alert')).toHaveText('The code has 6 digits.')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await field.fill(code === '000000' ? '000001' : '000000')
  await page.getByRole('button', { name: 'Sign in with the code' }).click()
  await expect(page.getByRole('alert')).toContainText('That code is not valid or has expired')
  await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`)
  await page.getByRole('button', { name: 'Sign in with the code' }).click()
  await expect(page).toHaveURL(/\/home$/)
})

test('My account: a new name, then a new password that signs the member out elsewhere', async ({
  page,
  member,
  browser,
}) => {
  const elsewhere = await browser.newContext()
  const elsewherePage = await elsewhere.newPage()
  await signIn(elsewherePage, member)
  await signIn(page, member, '/account')
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible()
  await expect(page).toHaveTitle(/My account/)

  await page.getByLabel('Name', { exact: true }).fill('Inés Ochoa')
  await page.getByRole('button', { name: 'Save the name' }).click()
  await expect(page.getByText('Your name is saved.')).toBeVisible()

  const sessions = page.getByRole('region', { name: 'Where you are signed in' })
  await expect(sessions.getByRole('listitem')).toHaveCount(2)
  await expect(sessions.getByText('This device')).toBeVisible()

  await page.getByLabel('Current password').fill('not my password')
  await page.getByLabel('New password', { exact: true }).fill('una frase nueva y larga')
  await page.getByLabel('Repeat the new password').fill('una frase nueva y larga')
  await page.getByRole('button', { name: 'Change the password' }).click()
  await expect(page.getByRole('alert')).toHaveText('The current password is not correct.')
  await page.getByLabel('Current password').fill(member.password)
  await page.getByLabel('New password', { exact: true }).fill('una frase nueva y larga')
  await page.getByLabel('Repeat the new password').fill('una frase nueva y larga')
  await page.getByRole('button', { name: 'Change the password' }).click()
  await expect(page.getByText('Your password has changed.')).toBeVisible()
  await expect(sessions.getByRole('listitem')).toHaveCount(1)

  await elsewherePage.goto('/search')
  await expect(elsewherePage).toHaveURL(/\/login/)
  await elsewhere.close()

  // Still signed in here, by the new name.
  await page.reload()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Inés Ochoa')
})

test('My account: the email language is kept, and "sign out everywhere else" ends the other sessions', async ({
  page,
  member,
  browser,
}) => {
  const others = await Promise.all([1, 2].map(() => browser.newContext()))
  for (const context of others) await signInThroughApi(await context.newPage(), member)
  await signIn(page, member, '/account')
  const sessions = page.getByRole('region', { name: 'Where you are signed in' })
  await expect(sessions.getByRole('listitem')).toHaveCount(3)
  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(page.getByText('You are signed out on your other devices.')).toBeVisible()
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  for (const context of others) {
    expect((await context.request.get('/v1/account')).status()).toBe(401)
    await context.close()
  }

  await page.getByLabel('Language of the emails').selectOption('es')
  await page.getByRole('button', { name: 'Save the preferences' }).click()
  await expect(page.getByText('Your preferences are saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Language of the emails')).toHaveValue('es')
  // The next email comes in Spanish, though the page that asks is English.
  await page.request.post('/v1/account/recovery', {
    data: { email: member.email, url: new URL('/reset-password', page.url()).toString() },
    headers: { 'accept-language': 'en' },
  })
  expect(await nextMessageTo(member.email)).toContain('Hemos recibido una solicitud para restablecer')
})

for (const language of ['es', 'en'] as const) {
  test(`WCAG 2.2 AA: My account and the sign-in by email, at 390 and 1366 px (${language})`, async ({
    page,
    member,
  }) => {
    await chooseLanguage(page, language)
    const check = async (where: string) => {
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 900 })
        expect.soft(await axeViolations(page), `${where} at ${width}: axe`).toEqual([])
        expect.soft(await targetSizeProblems(page), `${where} at ${width}: target size`).toEqual([])
      }
    }
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page.locator('main button[type="button"]').last().click()
    await page.locator('#sign-in-email').fill(member.email)
    await page.locator('#sign-in-email').press('Enter')
    await expect(page.locator('#sign-in-code')).toBeVisible()
    await check('/login, the code step')
    await page.locator('#sign-in-code').fill('1')
    await page.locator('#sign-in-code').press('Enter')
    await expect(page.getByRole('alert')).toBeVisible()
    await check('/login, a wrong code')

    await signInThroughApi(page, member)
    await page.goto('/account')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      language === 'es' ? 'Mi cuenta' : 'My account',
    )
    await expect(page.locator('section li').first()).toBeVisible()
    await check('/account')
  })
}
