import { expect, signIn, test } from './fixtures'

test('a wrong password shows the server message in red below the form', async ({ page, member }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
  await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email')
  await page.getByLabel('Email address').fill(member.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toHaveText('Invalid credentials. Please check the email and password.')
  await expect(page).toHaveURL(/\/login/)
})

test('the button reads "Signing in..." and is disabled while the request runs', async ({ page, member }) => {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/v1/account/sessions/email', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/login')
  await page.getByLabel('Email address').fill(member.email)
  await page.getByLabel('Password').fill(member.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
  release()
  await expect(page).toHaveURL(/\/home$/)
})

test('members-only pages send visitors to sign in, and back where they were going', async ({
  page,
  member,
}) => {
  await page.goto('/search')
  await expect(page).toHaveURL(/\/login\?next=%2Fsearch/)
  await page.getByLabel('Email address').fill(member.email)
  await page.getByLabel('Password').fill(member.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/search$/)
})

test('a signed-in member who opens /login goes to /home', async ({ page, member }) => {
  await signIn(page, member)
  await page.goto('/login')
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByText(member.name).first()).toBeVisible()
})
