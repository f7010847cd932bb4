import { consoleErrors, expect, signIn, test } from './fixtures'

test('a wrong password shows the server message in red below the form', async ({ page, member }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
  await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email')
  await page.getByLabel('Email address').fill(member.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
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
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
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
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/search$/)
})

test('a next address that only resolves to another host is refused: signing in stays in the store', async ({
  page,
  member,
  baseURL,
}) => {
  const left: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL ?? '').origin) left.push(request.url())
  })
  await page.goto('/login?next=/..//evil.example')
  await page.getByLabel('Email address').fill(member.email)
  await page.getByLabel('Password').fill(member.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByText(member.name).first()).toBeVisible()
  expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin)
  expect(left).toEqual([])
})

test('a signed-in member who opens /login goes to /home', async ({ page, member }) => {
  await signIn(page, member, '/login')
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByText(member.name).first()).toBeVisible()
})

test('with no answer from the server, sign-in says "Login failed" in red and logs the error', async ({
  page,
  member,
}) => {
  const errors = consoleErrors(page)
  await page.goto('/login')
  await page.route('**/v1/account/sessions/email', (route) => route.abort('connectionfailed'))
  await page.getByLabel('Email address').fill(member.email)
  await page.getByLabel('Password').fill(member.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toHaveText('Login failed')
  // Tailwind's red-700.
  await expect(alert).toHaveCSS('color', /^(rgb\(193, 0, 7\)|oklch\(0\.505 0\.213 27\.518\))$/)
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled()
  expect(errors.some((text) => text.startsWith('Login error'))).toBe(true)
})

test('a visitor on a members’ page is logged as "Usuario no autenticado" and sent to sign in, no message', async ({
  page,
}) => {
  const logged: string[] = []
  page.on('console', (message) => logged.push(message.text()))
  await page.goto('/home')
  await expect(page).toHaveURL(/\/login\?next=%2Fhome$/)
  expect(logged).toContain('Usuario no autenticado')
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('when logging out fails the member stays signed in and "Logout error" is logged', async ({
  page,
  member,
}) => {
  const errors = consoleErrors(page)
  await signIn(page, member)
  await page.route('**/v1/account/sessions/current', (route) =>
    route.request().method() === 'DELETE' ? route.abort('connectionfailed') : route.continue(),
  )
  const header = page.getByRole('main')
  await header.getByRole('button', { name: 'Logout' }).click()
  await expect.poll(() => errors.some((text) => text.startsWith('Logout error'))).toBe(true)
  await expect(page).toHaveURL(/\/home$/)
  await expect(header.getByRole('button', { name: 'Logout' })).toBeEnabled()
  await page.unroute('**/v1/account/sessions/current')
  await page.goto('/search')
  await expect(page).toHaveURL(/\/search$/)
})
