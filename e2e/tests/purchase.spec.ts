import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { stripeDelivery } from '../../apps/server/test/support/webhook-deliveries'
import { nextMessageTo } from '../smtp-outbox'
import {
  BONUS_URLS,
  BUNDLE_FILE,
  STRIPE_PAYMENT_LINK,
  STRIPE_WEBHOOK_SECRET,
  SUPPORT_EMAIL,
} from '../store-settings'
import { expect, signIn, test } from './fixtures'

/**
 * Selling end to end (issue 11): a signed Stripe webhook to the real server, the welcome email through a
 * real SMTP server, the buyer's first sign-in, My purchase and its download, then a refund.
 */
test('a paid checkout becomes a member who downloads the bundle; a refund signs them out and says why', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const suffix = randomBytes(4).toString('hex')
  const email = `buyer-${suffix}@example.com`
  const orderId = `pi_e2e_${suffix}`
  const bundle = randomBytes(300 * 1024)
  await writeFile(BUNDLE_FILE, bundle)

  const paid = stripeDelivery({
    secret: STRIPE_WEBHOOK_SECRET,
    type: 'checkout.session.completed',
    orderId,
    email,
    name: 'Ana Compradora',
    locale: 'en',
    paymentLink: STRIPE_PAYMENT_LINK,
  })
  const delivered = await request.post(paid.path, { data: paid.body, headers: paid.headers })
  expect(delivered.status(), await delivered.text()).toBe(200)

  const welcome = await nextMessageTo(email)
  expect(welcome).toMatch(/^Subject: .*Projects Gallery/m)
  const link = /^(http:\/\/[^\s]+\/reset-password\?[^\s]+)\r?$/m.exec(welcome)?.[1]
  if (!link) throw new Error(`No link to choose a password in:\n${welcome}`)
  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill('mi compra de apps de IA')
  await page.getByLabel('Repeat the new password').fill('mi compra de apps de IA')
  await page.getByRole('button', { name: 'Save the password' }).click()
  await expect(page.getByText('Your password has been changed.')).toBeVisible()

  const buyer = { email, password: 'mi compra de apps de IA', name: 'Ana Compradora' }
  await signIn(page, buyer)
  const purchase = page.getByRole('region', { name: 'My purchase' })
  await expect(purchase.getByText('Status: Paid')).toBeVisible()
  await expect(purchase.getByText('0 of 10 downloads used')).toBeVisible()
  await expect(purchase.getByRole('link', { name: /Open the bonus/ }).first()).toHaveAttribute(
    'href',
    BONUS_URLS[0],
  )

  const downloading = page.waitForEvent('download')
  await purchase.getByRole('button', { name: 'Download the bundle' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('projects-gallery-700-apps.zip')
  const saved = await download.path()
  expect(Buffer.compare(await readFile(saved), bundle)).toBe(0)
  await expect(purchase.getByText('1 of 10 downloads used')).toBeVisible()

  const refund = stripeDelivery({ secret: STRIPE_WEBHOOK_SECRET, type: 'charge.refunded', orderId, email })
  const refunded = await request.post(refund.path, { data: refund.body, headers: refund.headers })
  expect(refunded.status(), await refunded.text()).toBe(200)

  // Signed out at once: the next page asks for the sign-in again, which then says why it is refused.
  await page.reload()
  await expect(page).toHaveURL(/\/login/)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(buyer.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Your access has ended because your purchase was refunded.')
  await expect(alert.getByRole('link', { name: SUPPORT_EMAIL })).toBeVisible()
})
