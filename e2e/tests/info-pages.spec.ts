import { expect, test } from '@playwright/test'
import { SUPPORT_EMAIL } from '../store-settings'

/** Every policy figure of seed-spec section 9, on the pages that state it (English copy). */
const PAGES = [
  {
    path: '/legal-terms',
    title: 'Terms and conditions',
    toc: true,
    figures: [
      'valid for 15 days after purchase',
      'within 48 hours of purchase',
      'unavailable for more than 24 hours',
      'damaged or broken',
      'charged incorrectly',
      'at least 16 years old',
      'inactive for more than one year are blocked',
      'reactivation costs $30 USD',
      'Monday to Friday, 9:00 to 18:00 (GMT-5)',
      'administrator may suspend or cancel an account',
    ],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy policy',
    toc: true,
    figures: ['aged 16 or over', 'it costs $30 USD', 'Monday to Friday from 9:00 to 18:00 (GMT-5)'],
  },
  {
    path: '/refund-policy',
    title: 'Refund policy',
    toc: true,
    figures: [
      'within 48 hours of purchase',
      'unavailable for more than 24 hours in a row',
      'damaged or broken',
      'charged incorrectly',
      'in 2–3 business days',
      'by card, 5 to 10 business days',
      'by PayPal, 1 to 3 business days',
      'valid for 15 days after purchase',
    ],
  },
  {
    path: '/who-we-are',
    title: 'Who we are',
    toc: false,
    figures: ['reviewed and updated in 2025', 'Monday to Friday, 9:00 to 18:00 (GMT-5)'],
  },
  {
    path: '/faq',
    title: 'Frequently asked questions',
    toc: false,
    figures: ['Yes, 16.', 'reactivation costs $30 USD', 'suspend or cancel an account', '1–3 by PayPal'],
  },
]

for (const info of PAGES) {
  test(`${info.path} states its policy figures, with its date and contents`, async ({ page }) => {
    await page.goto(info.path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.title)
    await expect(page.getByText('Last updated:')).toContainText('November 22, 2026')
    const main = page.getByRole('main')
    for (const figure of info.figures) await expect(main).toContainText(figure)
    const toc = page.getByRole('navigation', { name: 'On this page' })
    if (!info.toc) {
      await expect(toc).toHaveCount(0)
      return
    }
    const links = toc.getByRole('link')
    expect(await links.count()).toBeGreaterThanOrEqual(5)
    const last = links.last()
    const target = (await last.getAttribute('href')) ?? ''
    await last.click()
    await expect(page).toHaveURL(new RegExp(`${target}$`))
    // The section's heading carries its anchor (the owner's Markdown `##`, decision 073).
    await expect(page.getByRole('heading', { level: 2 }).and(page.locator(target))).toBeInViewport()
  })
}

test('the FAQ page lists the landing questions and its own, opening by keyboard', async ({ page }) => {
  await page.goto('/faq')
  await expect(page.locator('details')).toHaveCount(13)
  await expect(page.getByRole('main')).toContainText(`If yours is not here, write to us at ${SUPPORT_EMAIL}.`)
  const question = page.locator('summary', { hasText: 'Can I ask for a refund?' })
  await question.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(/we review the request in 2–3 business days/i)).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.getByText(/we review the request in 2–3 business days/i)).toBeHidden()
})

const FOOTER_LINKS = [
  '/',
  '/products',
  '/who-we-are',
  '/legal-terms',
  '/privacy-policy',
  '/refund-policy',
  '/faq',
]

test('the footer links the seven pages', async ({ page }) => {
  await page.goto('/')
  const hrefs = await page
    .getByRole('contentinfo')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(hrefs.toSorted()).toEqual(FOOTER_LINKS.toSorted())
})

// One test per link rather than one for all: seven round trips in one test outlast the timeout on a busy machine.
for (const href of FOOTER_LINKS) {
  test(`the footer link to ${href} leads to a real page, not the 404`, async ({ page, request }) => {
    expect((await request.get(href)).status(), href).toBe(200)
    await page.goto('/')
    await page
      .getByRole('contentinfo')
      .getByRole('link')
      .and(page.locator(`[href="${href}"]`))
      .click()
    await expect(page).toHaveURL(new RegExp(`${href === '/' ? '/' : href}$`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0)
  })
}
