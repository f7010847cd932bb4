import { nextMessageTo } from '../smtp-outbox'
import { expect, signInThroughForm, test } from './fixtures'

/** Password recovery end to end: the real server sends the email to a real SMTP server (smtp-outbox.ts). */

const resetLinkIn = (message: string) => {
  const link = /^(http:\/\/[^\s]+\/reset-password\?[^\s]+)\r?$/m.exec(message)?.[1]
  if (!link) throw new Error(`No reset link in:\n${message}`)
  return link
}

test('a member who forgot the password gets a link by email, chooses a new password and signs in; the link works once', async ({
  page,
  member,
  baseURL,
}) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await page.getByLabel('Email address').fill(member.email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  const status = page.getByText(`If ${member.email} belongs to an account, we have sent it a link`)
  await expect(status).toBeVisible()
  await expect(status.locator('xpath=ancestor::*[@aria-live="polite"]')).toBeFocused()

  const message = await nextMessageTo(member.email)
  expect(message).toMatch(/^Subject: Reset your Projects Gallery password\r?$/m)
  expect(message).toContain('Content-Type: text/html')
  const link = resetLinkIn(message)
  expect(new URL(link).origin).toBe(new URL(baseURL ?? '').origin)

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('una frase nueva y larga')
  await page.getByLabel('Repeat the new password').fill('una frase nueva y larga')
  await page.getByRole('button', { name: 'Save the password' }).click()
  await expect(page.getByText('Your password has been changed.')).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await signInThroughForm(page, { ...member, password: 'una frase nueva y larga' })

  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill('otra frase distinta')
  await page.getByLabel('Repeat the new password').fill('otra frase distinta')
  await page.getByRole('button', { name: 'Save the password' }).click()
  const refused = page.getByRole('alert')
  await expect(refused).toHaveText(/This link is not valid: it may have been used already or have expired/)
  await expect(refused).toBeFocused()
  await page.getByRole('link', { name: 'Ask for a new link' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
})

test('an unknown email gets the same answer as a member’s', async ({ page }) => {
  await page.goto('/forgot-password')
  await page.getByLabel('Email address').fill('nobody-here@example.com')
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(
    page.getByText('If nobody-here@example.com belongs to an account, we have sent it a link'),
  ).toBeVisible()
})

test('the new password is checked: length and confirmation here, common passwords by the server', async ({
  page,
  member,
}) => {
  await page.goto('/forgot-password')
  await page.getByLabel('Email address').fill(member.email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await page.goto(resetLinkIn(await nextMessageTo(member.email)))
  const password = page.getByLabel('New password', { exact: true })
  const confirmation = page.getByLabel('Repeat the new password')
  const save = page.getByRole('button', { name: 'Save the password' })

  await password.fill('corta')
  await confirmation.fill('corta')
  await save.click()
  await expect(page.getByRole('alert')).toHaveText('The password must have at least 8 characters.')
  await expect(password).toHaveAttribute('aria-invalid', 'true')

  await password.fill('una frase larga')
  await confirmation.fill('otra frase larga')
  await save.click()
  await expect(page.getByRole('alert')).toHaveText('The two passwords do not match.')

  await password.fill('iloveyou')
  await confirmation.fill('iloveyou')
  await save.click()
  await expect(page.getByRole('alert')).toHaveText(/one of the most used/)

  await password.fill('ahora sí una buena')
  await confirmation.fill('ahora sí una buena')
  await save.click()
  await expect(page.getByText('Your password has been changed.')).toBeVisible()
})

test('a broken or expired link says so without asking for a password', async ({ page }) => {
  await page.goto('/reset-password?userId=abc')
  await expect(page.getByRole('alert')).toHaveText(/This link is not valid/)
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
  await page.goto('/reset-password?userId=abc&secret=def&expire=2020-01-01T00%3A00%3A00.000%2B00%3A00')
  await expect(page.getByRole('alert')).toHaveText(/This link is not valid/)
})
