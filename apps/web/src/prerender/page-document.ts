import type { ResolvedStorefront } from '@pg/shared/storefront/resolved'
import type { Language } from '../lib/i18n'
import { STOREFRONT_ELEMENT_ID } from '../lib/storefront-page'

/** Vite's manifest of the client build: each module's file and the files it imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>

/** The client build a page is composed with: `index.html` with its stylesheet inlined, and the manifest. */
export interface WebBuild {
  template: string
  manifest: BuildManifest
}

/** The files a module needs, its own first: preloaded so hydration does not wait on a chain of imports. */
function moduleFiles(manifest: BuildManifest, key: string, seen = new Set<string>()): string[] {
  const entry = manifest[key]
  if (!entry || seen.has(key)) return []
  seen.add(key)
  return [entry.file, ...(entry.imports ?? []).flatMap((child) => moduleFiles(manifest, child, seen))]
}

/** The page's own modules (its language, its route), which main.tsx preloads with the app. */
function appModules(manifest: BuildManifest, keys: string[]): string {
  const files = [...new Set(keys.flatMap((key) => moduleFiles(manifest, key)))]
  return `<meta name="app-modules" content="${files.map((file) => `/${file}`).join(' ')}">`
}

/**
 * The pages are complete without JavaScript: their scripts only hydrate them. Fetched at low priority,
 * they never compete with the page's own text and images for the first paint.
 */
function deprioritizeScripts(html: string): string {
  return html
    .replace(/<script type="module" crossorigin /g, '<script type="module" crossorigin fetchpriority="low" ')
    .replace(
      /<link rel="modulepreload" crossorigin /g,
      '<link rel="modulepreload" crossorigin fetchpriority="low" ',
    )
}

/**
 * The page's storefront as data for the app (decision 073): JSON in a script the browser never runs.
 * Only `<` can end the element early (`</script>`, `<!--`): written `\u003c`, it is the same JSON.
 */
export function storefrontData(storefront: ResolvedStorefront): string {
  const json = JSON.stringify(storefront).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${STOREFRONT_ELEMENT_ID}">${json}</script>`
}

export interface PageParts {
  language: Language
  head: string
  /** The drawn route, or nothing for a page the browser draws (a shell). */
  body: string
  /** The manifest's keys of the page's own modules (its route's), beside its language's. */
  modules: string[]
  storefront: ResolvedStorefront
}

/**
 * One page: the template in the page's language, its head, its body, then its storefront (after the
 * body, so the text paints before the data is read), with its modules listed for main.tsx.
 */
export function composePage(build: WebBuild, page: PageParts): string {
  const head = page.head + appModules(build.manifest, [`src/locales/${page.language}.ts`, ...page.modules])
  // Functions as replacements: `$` in the owner's texts is never a replacement pattern.
  return deprioritizeScripts(build.template)
    .replace(/<html lang="[^"]*">/, () => `<html lang="${page.language}">`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.body}</div>${storefrontData(page.storefront)}`,
    )
}
