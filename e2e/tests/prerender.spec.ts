import { expect, test } from '@playwright/test'
import { SUPPORT_EMAIL } from '../store-settings'

/** Each public page, its heading and a sentence of its text, in both languages. */
const PAGES = [
  {
    path: '/',
    es: ['Bienvenido a Projects Gallery', 'Descubre proyectos increíbles de nuestra comunidad'],
    en: ['Welcome to Projects Gallery', 'Discover amazing projects from our community'],
  },
  {
    path: '/landing-pack-apps',
    es: ['Más de 700 apps de inteligencia artificial', 'Valorado en 119,97 €'],
    en: ['Over 700 artificial intelligence apps', 'Valued at €119.97'],
  },
  {
    path: '/login',
    es: ['Inicia sesión en tu cuenta', 'Correo electrónico'],
    en: ['Sign in to your account', 'Email address'],
  },
  {
    path: '/products',
    es: ['Productos', 'Esta página está en desarrollo.'],
    en: ['Products', 'This page is under development.'],
  },
  {
    path: '/legal-terms',
    es: ['Términos y condiciones', 'Los enlaces de descarga son válidos durante 15 días'],
    en: ['Terms and conditions', 'Download links are valid for 15 days'],
  },
  {
    path: '/privacy-policy',
    es: ['Política de privacidad', 'Nunca vemos ni guardamos el número de tu tarjeta'],
    en: ['Privacy policy', 'We never see or store your card number'],
  },
  {
    path: '/refund-policy',
    es: ['Política de reembolsos', 'Revisamos cada solicitud en 2–3 días hábiles'],
    en: ['Refund policy', 'We review each request in 2–3 business days'],
  },
  {
    path: '/who-we-are',
    es: ['Quiénes somos', 'Somos un equipo pequeño de desarrolladores'],
    en: ['Who we are', 'We are a small team of Spanish-speaking developers'],
  },
  {
    path: '/faq',
    es: ['Preguntas frecuentes', '¿Hay una edad mínima para comprar?'],
    en: ['Frequently asked questions', 'Is there a minimum age to buy?'],
  },
] as const

const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? ''

for (const page of PAGES) {
  test(`${page.path} arrives prerendered in Spanish and in English`, async ({ request }) => {
    const spanish = await request.get(page.path, { headers: { 'Accept-Language': 'es-MX,es;q=0.9' } })
    expect(spanish.status()).toBe(200)
    expect(spanish.headers()['vary']).toContain('Accept-Language')
    expect(spanish.headers()['vary']).toContain('Cookie')
    expect(spanish.headers()['cache-control']).toBe('no-cache')
    const es = await spanish.text()
    expect(es).toContain('<html lang="es">')
    expect(h1(es)).toContain(page.es[0])
    expect(es).toContain(page.es[1])

    const byHeader = await (
      await request.get(page.path, { headers: { 'Accept-Language': 'en-GB,en' } })
    ).text()
    const byCookie = await (
      await request.get(page.path, { headers: { 'Accept-Language': 'es', Cookie: 'lang=en' } })
    ).text()
    for (const en of [byHeader, byCookie]) {
      expect(en).toContain('<html lang="en">')
      expect(h1(en)).toContain(page.en[0])
      expect(en).toContain(page.en[1])
    }
    const noPreference = await (
      await request.get(page.path, { headers: { 'Accept-Language': 'fr-FR' } })
    ).text()
    expect(noPreference).toContain('<html lang="es">')
  })
}

test('a page reads complete without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-ES' })
  const page = await context.newPage()
  await page.goto('/refund-policy')
  await expect(page.getByRole('heading', { level: 1, name: 'Política de reembolsos' })).toBeVisible()
  await expect(page.getByText('Con PayPal, en 1–3 días hábiles.')).toBeVisible()
  await page.goto('/landing-pack-apps')
  await expect(page.getByText('Valorado en más de 1000 €', { exact: true })).toBeVisible()
  await context.close()
})

test('pages carry their title, description, addresses, social card and structured data', async ({
  request,
}) => {
  const html = await (
    await request.get('/landing-pack-apps', { headers: { 'Accept-Language': 'es' } })
  ).text()
  // The store's configured origin, whatever address the request used: without PUBLIC_ORIGIN, on a
  // loopback HOST, http://localhost:PORT (decisions 011, 014).
  const origin = `http://localhost:${new URL(test.info().project.use.baseURL ?? '').port}`
  expect(html).toContain('<title>Pack de 700+ apps de IA · Projects Gallery</title>')
  expect(html).toMatch(/<meta name="description" content="Más de 700 aplicaciones[^"]+">/)
  expect(html).toContain(`<link rel="canonical" href="${origin}/landing-pack-apps">`)
  expect(html).toContain(`<link rel="alternate" hreflang="en" href="${origin}/landing-pack-apps?lang=en">`)
  expect(html).toContain(`<meta property="og:image" content="${origin}/og/projects-gallery-es.jpg">`)
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image">')
  const product = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}')
  expect(product).toMatchObject({ '@type': 'Product', offers: { price: '25.00', priceCurrency: 'USD' } })
  // The storefront the page was drawn from, as data for the app (decision 073): the server filled in
  // its support address as in the rest of the page.
  const storefront = JSON.parse(
    /<script type="application\/json" id="pg-storefront">(.*?)<\/script>/.exec(html)?.[1] ?? '{}',
  )
  expect(storefront).toMatchObject({
    language: 'es',
    store: { name: 'Projects Gallery', supportEmail: SUPPORT_EMAIL },
    price: { amount: '25.00', currency: 'USD', formatted: '25\u00a0US$' },
  })
  expect((await request.get('/og/projects-gallery-es.jpg')).headers()['content-type']).toBe('image/jpeg')

  const faq = await (await request.get('/faq?lang=en')).text()
  expect(faq).toContain(`<link rel="canonical" href="${origin}/faq?lang=en">`)
  const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(faq)?.[1] ?? '{}')
  expect(data['@type']).toBe('FAQPage')
  expect(data.mainEntity).toHaveLength(13)
  expect(data.mainEntity[0]).toMatchObject({ '@type': 'Question', acceptedAnswer: { '@type': 'Answer' } })
})

test('a page comes alive in its own language without errors, and the switch is remembered', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto('/faq')
  // Interactive once its island runs (decision 010): the click brings the page in the other language.
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true')
  await page.getByRole('banner').getByRole('button', { name: 'Switch to Español' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes')
  await expect(page.getByRole('main')).toContainText(`escríbenos a ${SUPPORT_EMAIL}`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  const cookies = await context.cookies()
  expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('es')
  await page.goto('/legal-terms')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos y condiciones')
  expect(problems).toEqual([])
  await context.close()
})

// One test per language: each visits every public page once, waits for the network to settle (long on a
// busy machine) and checks both that nothing came from another origin and that nothing complained.
const LOCALES = ['es-ES', 'en-US'] as const

for (const locale of LOCALES) {
  test(`every public page comes alive without an error or a warning, requesting nothing from another origin (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin
    const context = await browser.newContext({ locale })
    const page = await context.newPage()
    const foreign: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol !== 'data:' && url.origin !== origin) foreign.push(request.url())
    })
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    for (const { path } of PAGES) {
      await page.goto(path, { waitUntil: 'networkidle' })
      // A visitor's storefront pages run the island (decision 010); the sign-in form hydrates the app.
      await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true')
      if (path === '/login') await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      else await expect(page.locator('html')).not.toHaveAttribute('data-hydrated')
    }
    expect(foreign).toEqual([])
    expect(problems, locale).toEqual([])
    await context.close()
  })
}

test('robots.txt keeps crawlers out of the members area and names the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain('Disallow: /search')
  expect(robots).toContain('Disallow: /home')
  expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/)
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const path of ['/landing-pack-apps', '/legal-terms', '/faq'])
    expect(sitemap).toContain(`${path}</loc>`)
  expect(sitemap).not.toContain('/search')
})

test('a language remembered only in this browser is sent to the server and honoured', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' })
  await context.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en')
  })
  const page = await context.newPage()
  await page.goto('/who-we-are')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Who we are')
  expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en')
  await context.close()
})
