import {
  CONSOLE_PATHS,
  MEMBER_PATHS,
  PUBLIC_PATHS,
  RECOVERY_PATHS,
  SIGN_IN_LINK_PATH,
} from '@pg/shared/routes'

/** Members' pages, password recovery, the console and the API are not for search engines; the rest may be crawled. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...[...MEMBER_PATHS, ...RECOVERY_PATHS, SIGN_IN_LINK_PATH, CONSOLE_PATHS[0]].map(
      (path) => `Disallow: ${path}`,
    ),
    'Disallow: /v1/',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}

/** Every public page, in Spanish (the default address) with its English alternate. */
export function sitemapXml(origin: string): string {
  const urls = PUBLIC_PATHS.filter((path) => path !== '/login').map((path) => {
    const address = `${origin}${path}`
    return [
      '  <url>',
      `    <loc>${address}</loc>`,
      `    <xhtml:link rel="alternate" hreflang="es" href="${address}"/>`,
      `    <xhtml:link rel="alternate" hreflang="en" href="${address}?lang=en"/>`,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${address}"/>`,
      '  </url>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
