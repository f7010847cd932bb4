import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PAGE_NAMES, prerenderedPage, writePrerenderedBuild } from './prerendered-build'

/**
 * A stand-in for the web build's server entry (decision 073): `renderStorefrontPages` with the real
 * signature, drawing each page as a small HTML page that shows what the tests look for (the store's name,
 * the price, the buy button's label, the landing page's questions and answers) and keeps the
 * placeholders the page store fills. The real entry is tested with the real build (storefront-xss).
 */
const STUB_ENTRY = `
const NAMES = ${JSON.stringify(PAGE_NAMES)}
const escape = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c])

export async function renderStorefrontPages(build, storefronts, only) {
  if (typeof build.template !== 'string' || typeof build.manifest !== 'object') throw new Error('No build given')
  const pages = {}
  for (const language of only ? [only.language] : ['es', 'en']) {
    const store = storefronts[language]
    if (store.landing.hero.title === 'the renderer throws') throw new Error('Drawing failed on purpose')
    for (const name of only?.names ?? NAMES) {
      const body =
        '<h1 class="store">' + escape(store.store.name) + '</h1>' +
        '<p class="page">' + language + ':' + name + ' drawn</p>' +
        '<p class="price">' + escape(store.price.formatted) + '</p>' +
        '<a class="buy" href="__PG_CHECKOUT_URL__">' + escape(store.landing.buyLabel) + '</a>' +
        store.landing.faq.entries.map((entry) => '<dl><dt>' + escape(entry.question) + '</dt><dd>' + escape(entry.answer) + '</dd></dl>').join('') +
        store.landing.carousel.apps.map((app) => '<p class="app">' + escape(app.title) + '</p>').join('') +
        '<p class="support">' + escape(store.store.supportEmail) + '</p>'
      pages[language + '/' + name] = build.template
        .replace('<html lang="es">', '<html lang="' + language + '">')
        .replace('<div id="root"></div>', '<div id="root">' + body + '</div>')
    }
  }
  return pages
}
`

/** The miniature prerendered build (prerendered-build.ts) with a `.server/` folder the storefront draws with. */
export async function writeStorefrontBuild(): Promise<string> {
  const webDir = await writePrerenderedBuild()
  const serverDir = path.join(webDir, '.server')
  await mkdir(serverDir)
  await writeFile(path.join(serverDir, 'entry-server.js'), STUB_ENTRY)
  const template = prerenderedPage('es', 'template').replace(
    /<div id="root">.*<\/div>/,
    '<div id="root"></div>',
  )
  await writeFile(path.join(serverDir, 'template.html'), template)
  await writeFile(
    path.join(serverDir, 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index-Ab12Cd34.js', css: [] } }),
  )
  return webDir
}
