import { resolvedStorefrontSchema, type ResolvedStorefront } from '@pg/shared/storefront/resolved'
import type { Language } from './i18n'

/** The element every page the server sends carries its language's storefront in (decision 073). */
export const STOREFRONT_ELEMENT_ID = 'pg-storefront'

/** The storefront the page carries, checked against its schema; null when it has none or a broken one. */
export function readStorefront(page: Document): ResolvedStorefront | null {
  const text = page.getElementById(STOREFRONT_ELEMENT_ID)?.textContent
  if (!text) return null
  try {
    const parsed = resolvedStorefrontSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null // not JSON: as good as none
  }
}

/**
 * Another language's storefront, for a switch of language inside the app: the home page in that
 * language carries it, as every page does (`?lang=` names the language, whatever the visitor's choice).
 * Null when it cannot be had; the switcher then reloads the page in the new language.
 */
export async function fetchStorefront(language: Language): Promise<ResolvedStorefront | null> {
  const response = await fetch(`/?lang=${language}`, { headers: { Accept: 'text/html' } })
  if (!response.ok) return null
  const page = new DOMParser().parseFromString(await response.text(), 'text/html')
  return readStorefront(page)
}
