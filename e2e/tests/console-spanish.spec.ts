import { randomBytes } from 'node:crypto'
import { stripeDelivery } from '../../apps/server/test/support/webhook-deliveries'
import { STRIPE_PAYMENT_LINK, STRIPE_WEBHOOK_SECRET } from '../store-settings'
import { axeViolations } from './accessibility'
import { englishOnPage, englishStretches } from './english-text'
import { chooseLanguage, expect, signInThroughApi, test } from './fixtures'

/**
 * Issue 34, section 3 (decision 066): what the server writes for the console (a catalogue file's
 * problems, an order's events and why it kept access) reads in the owner's language. The page's visible
 * text is checked against every English text of the console's locale files and of the server's English
 * messages, and against common English words; ids, the provider's event names and addresses are names,
 * not sentences, and are left out.
 */
test.use({ locale: 'es-ES' })

test('a Spanish console says a bad file’s problems, and an order’s refund, events and access, in Spanish', async ({
  page,
  admin,
}) => {
  test.slow()
  const stretches = englishStretches()
  await signInThroughApi(page, admin)
  await chooseLanguage(page, 'es')

  // A dry run of a file with a problem of each kind: a missing title, an unknown category, a bad
  // address, links that are not pairs.
  await page.goto('/admin/catalogue?view=files')
  await page.getByLabel('Archivo del catálogo (.json o .csv)').setInputFiles({
    name: 'malo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'title,category_id,youtube_url,links\n,nada,no es un enlace,solo-uno\nOtro,,ftp://x,a|b|c\n',
    ),
  })
  const problems = page.getByRole('alert').filter({ hasText: 'malo.csv tiene' })
  await expect(problems).toContainText('no se importará nada')
  await expect(problems.getByRole('listitem').first()).toContainText('fila 2')
  expect(await englishOnPage(page, stretches)).toEqual([])
  expect(await axeViolations(page)).toEqual([])

  // A buyer the owner let in, who then pays by Stripe: refunding that order keeps their access.
  const email = `e2e-es-${randomBytes(4).toString('hex')}@example.com`
  const granted = await page.request.post('/v1/store/orders', { data: { email, name: 'Lucía Pérez' } })
  expect(granted.status(), await granted.text()).toBe(201)
  const paid = stripeDelivery({
    secret: STRIPE_WEBHOOK_SECRET,
    type: 'checkout.session.completed',
    email,
    name: 'Lucía Pérez',
    paymentLink: STRIPE_PAYMENT_LINK,
  })
  const delivered = await page.request.post(paid.path, { data: paid.body, headers: paid.headers })
  expect(delivered.status(), await delivered.text()).toBe(200)
  const { order } = (await delivered.json()) as { order: string }

  await page.goto(`/admin/orders?order=${order}`)
  const detail = page.getByRole('dialog', { name: `Pedido de ${email}` })
  await detail.getByRole('button', { name: 'Registrar reembolso' }).click()
  const confirm = page.getByRole('dialog', { name: '¿Registrar un reembolso?' })
  await confirm.getByRole('button', { name: 'Registrar reembolso' }).click()
  await expect(confirm).toBeHidden()
  await expect(detail.getByRole('definition').getByText('Reembolsado', { exact: true })).toBeVisible()
  const events = detail.getByRole('region', { name: 'Eventos' }).getByRole('listitem')
  await expect(events).toHaveCount(2)
  await expect(events.nth(1)).toContainText('reembolso que registraste')
  await expect(events.nth(1)).toContainText('Mantiene el acceso porque')
  expect(await englishOnPage(page, stretches, 'dialog[open]')).toEqual([])
  expect(await axeViolations(page)).toEqual([])
})
