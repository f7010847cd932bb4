import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { SMTP_PORT } from '../smtp-outbox'
import { STRIPE_PAYMENT_LINK } from '../store-settings'
import { chooseLanguage, expect, runAdminCli, signIn, signInThroughApi, test } from './fixtures'
import { axeViolations } from './accessibility'

const someEmail = (name: string) => `e2e-${name}-${randomBytes(4).toString('hex')}@example.com`

/** A member made and then disabled through the console's Users API: two audited changes. */
async function disabledMember(page: Page): Promise<{ id: string; email: string }> {
  const email = someEmail('audited')
  const created = await page.request.post('/v1/users', {
    data: { userId: 'unique()', email, name: 'Auditada' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { $id: id } = (await created.json()) as { $id: string }
  const disabled = await page.request.patch(`/v1/users/${id}/status`, { data: { status: false } })
  expect(disabled.status(), await disabled.text()).toBe(200)
  return { id, email }
}

/** An event's row (its changes, once shown, are a row of their own after it). */
const logRow = (page: Page, text: string) =>
  page
    .getByRole('table', { name: /^Audit log/ })
    .getByRole('row')
    .filter({ hasText: text })
    .first()

test.describe('the console’s audit log', () => {
  test('after an admin grants access, the log shows who did what, from where, and the order it made', async ({
    page,
    admin,
  }) => {
    const buyer = someEmail('granted')
    const byCli = someEmail('cli')
    await signIn(page, admin)
    const granted = await page.request.post('/v1/store/orders', { data: { email: buyer } })
    expect(granted.status()).toBe(201)
    await runAdminCli(['orders', 'grant', byCli])

    await page.goto('/admin/audit')
    const filters = page.getByRole('form', { name: 'Filter the log' })
    await filters.getByLabel('Action').selectOption('order.grant')
    await expect(page).toHaveURL(/action=order.grant/)
    const row = logRow(page, buyer)
    await expect(row).toContainText(admin.email)
    await expect(row).toContainText('Console')
    await expect(row).toContainText('Access granted')
    await expect(row).toContainText('Order')

    const disclosure = row.getByRole('button', { name: /fields/ })
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false')
    await disclosure.click()
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true')
    const diff = page.getByRole('table', { name: `Changes to ${buyer}` })
    await expect(diff.getByRole('row', { name: /^status / })).toContainText('paid')
    await expect(diff.getByRole('row', { name: /^provider / })).toContainText('manual')

    // Who: only this admin's events; the CLI's grant is the CLI's.
    await filters.getByLabel('Who').fill(admin.email)
    await filters.getByRole('button', { name: 'Filter', exact: true }).click()
    await expect(page).toHaveURL(/actor=/)
    await expect(logRow(page, buyer)).toBeVisible()
    await filters.getByRole('button', { name: 'Clear filters' }).click()
    await filters.getByLabel('Source').selectOption('cli')
    const cliRow = logRow(page, byCli)
    await expect(cliRow).toContainText('CLI')
    await expect(cliRow).toContainText('Access granted')
    await expect(logRow(page, buyer)).toHaveCount(0)
  })

  test('a member change shows before → after, only the fields that changed', async ({ page, admin }) => {
    await signIn(page, admin)
    const { id, email } = await disabledMember(page)
    await page.goto(`/admin/audit?subject=users/${id}`)
    await expect(page.getByRole('form', { name: 'Filter the log' }).getByLabel('Target')).toHaveValue(
      `users/${id}`,
    )
    const rows = page.getByRole('table', { name: 'Audit log: 2 events' }).getByRole('row')
    const disabled = rows.filter({ hasText: 'Member disabled' })
    await expect(disabled).toContainText(admin.email)
    await disabled.getByRole('button', { name: /^1 field/ }).click()
    const diff = page.getByRole('table', { name: `Changes to users/${id}` })
    const changed = diff.getByRole('row').filter({ has: page.getByRole('rowheader') })
    await expect(changed).toHaveCount(1)
    await expect(changed).toHaveText(/status\s*true\s*false/)
    await expect(rows.filter({ hasText: 'Member created' })).toContainText(`Member: ${email}`)
  })

  test('WCAG 2.2 AA: the audit log with a change shown', async ({ page, admin }) => {
    await signIn(page, admin)
    const { id } = await disabledMember(page)
    await page.goto(`/admin/audit?subject=users/${id}`)
    await page.getByRole('button', { name: /^1 field/ }).click()
    await expect(page.getByRole('table', { name: /^Changes to/ })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  test('WCAG 2.2 AA: the audit log in Spanish', async ({ page, admin }) => {
    await signInThroughApi(page, admin)
    const { id } = await disabledMember(page)
    await chooseLanguage(page, 'es')
    await page.goto(`/admin/audit?subject=users/${id}`)
    await expect(page.getByRole('table', { name: 'Registro de auditoría: 2 eventos' })).toBeVisible()
    await page.getByRole('button', { name: /^1 campo/ }).click()
    await expect(page.getByRole('table', { name: /^Cambios en/ })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})

test.describe('the console’s settings', () => {
  test('show what the e2e store is set up with and what it lacks for going live, without secrets', async ({
    page,
    admin,
  }) => {
    await signIn(page, admin, '/admin/settings')
    await expect(page.getByText(/^Not ready to sell yet: \d+ settings are missing\.$/)).toBeVisible()
    const table = page.getByRole('table', { name: 'Store settings and their state' })
    const setting = (name: string) => table.getByRole('row').filter({ hasText: name })
    await expect(setting('Payment providers')).toContainText('Set up')
    await expect(setting('Payment providers')).toContainText('Webhooks set up: Stripe.')
    // What grants access (decision 057): the Payment Link the e2e store names; Hotmart's webhook is off.
    await expect(setting('Stripe Payment Links that grant access')).toContainText(
      `Set up${STRIPE_PAYMENT_LINK}`,
    )
    await expect(setting('Hotmart products that grant access')).toContainText(
      'NoteNot set. Its webhook is off',
    )
    await expect(setting('Email server (SMTP)')).toContainText(`smtp://127.0.0.1:${SMTP_PORT}`)
    await expect(setting('Support email')).toContainText('ayuda@tienda.example.com')
    await expect(setting('Store address')).toContainText('Missing')
    await expect(setting('Checkout page')).toContainText('Missing')
    await expect(setting('Checkout page')).toContainText('the buy buttons say that checkout is not set up')
    // "Backups" alone would also find "Off-site backups" (issue 42): the row named by its own label.
    await expect(table.getByRole('row', { name: /^Backups / })).toContainText('Daily, the last 7 kept')
    await expect(setting('Off-site backups')).toContainText('Not set')
    await expect(setting('Bonus 1 link')).toContainText('https://cursos.example.com/n8n')
    // Every line the e2e store's server writes is one the page says in its own words.
    await expect(page.getByText('As the server says it:')).toHaveCount(0)
    await expect(page.locator('body')).not.toContainText('whsec_')
  })

  test('WCAG 2.2 AA: the settings in English', async ({ page, admin }) => {
    await signIn(page, admin, '/admin/settings')
    await expect(page.getByRole('table', { name: 'Store settings and their state' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  test('WCAG 2.2 AA: the settings in Spanish', async ({ page, admin }) => {
    await signInThroughApi(page, admin)
    await chooseLanguage(page, 'es')
    await page.goto('/admin/settings')
    await expect(page.getByRole('table', { name: 'Ajustes de la tienda y su estado' })).toBeVisible()
    await expect(page.getByText(/^Todavía no está lista para vender/)).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})
