import { expect, test, type Browser } from '@playwright/test'
import { SUPPORT_EMAIL } from '../store-settings'

/**
 * The page the payment provider sends a buyer to (issue 11): `/gracias`, English at `/thank-you`,
 * prerendered like the other public pages and kept out of search engines.
 */
async function phonePage(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } })
  return { page: await context.newPage(), close: () => context.close() }
}

test('/gracias says, in Spanish, to check the email, what happens next and whom to ask', async ({
  browser,
}) => {
  const { page, close } = await phonePage(browser, 'es-ES')
  await page.goto('/gracias')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page).toHaveTitle('Gracias por tu compra · Projects Gallery')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Gracias por tu compra!')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 2, name: 'Revisa tu correo' })).toBeVisible()
  await expect(main).toContainText('Llega en pocos minutos.')
  await expect(main).toContainText('mira en la carpeta de spam')
  await expect(main).toContainText('un enlace para elegir tu contraseña, válido durante 7 días')
  const steps = main.getByRole('listitem').filter({ has: page.locator('p.font-semibold') })
  await expect(steps).toHaveText([
    /Recibes el correo/,
    /Eliges tu contraseña/,
    /Inicias sesión/,
    /Mi compra.*15 días/,
  ])
  await expect(main.getByRole('heading', { level: 2, name: '¿Ya eres miembro?' })).toBeVisible()
  await expect(main.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login')
  await expect(main.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${SUPPORT_EMAIL}`,
  )
  await expect(main).toContainText('de lunes a viernes, de 9:00 a 18:00 (GMT-5)')
  await close()
})

test('/thank-you is in English, even for a Spanish browser, until the visitor switches', async ({
  browser,
}) => {
  const { page, close } = await phonePage(browser, 'es-ES')
  await page.goto('/thank-you')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your purchase!')
  const main = page.getByRole('main')
  await expect(main).toContainText('It arrives within minutes.')
  await expect(main).toContainText('valid for 15 days after purchase')
  await expect(main).toContainText('Monday to Friday, 9:00 to 18:00 (GMT-5)')
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true')

  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('button', { name: 'Switch to Español' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Gracias por tu compra!')
  await expect(page).toHaveURL(/\/thank-you$/)
  await close()
})

test('both addresses arrive prerendered, not indexed, and out of the sitemap', async ({ request }) => {
  const english = await request.get('/gracias', { headers: { 'Accept-Language': 'en-GB,en' } })
  expect(english.status()).toBe(200)
  const html = await english.text()
  expect(html).toContain('<html lang="en">')
  expect(html).toContain('<meta name="robots" content="noindex">')
  expect(html).toContain('Thank you for your purchase!</h1>')
  expect(html).toContain(`mailto:${SUPPORT_EMAIL}`)
  expect(html).not.toContain('rel="canonical"')
  const spanish = await (await request.get('/thank-you?lang=es')).text()
  expect(spanish).toContain('¡Gracias por tu compra!</h1>')
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain('/faq</loc>')
  expect(sitemap).not.toMatch(/gracias|thank-you/)
  // Only the provider's redirect leads here: the footer does not.
  expect(await (await request.get('/')).text()).not.toMatch(/href="\/(gracias|thank-you)"/)
})
