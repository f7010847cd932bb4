import type { StorefrontContent } from '@pg/shared/storefront/content'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import { resolveStorefront, type CarouselProject } from '@pg/shared/storefront/resolve'
import type { ResolvedStorefront } from '@pg/shared/storefront/resolved'
import { languages, nameTheStore } from '../../src/lib/i18n'
import { storefrontSource, type StorefrontSource } from '../../src/lib/storefront-content'

/** The support address the pages name in tests, as the server's default would be. */
export const TEST_SUPPORT_EMAIL = 'soporte@localhost'

/** Version 1 of the storefront, a copy a test may change (tests run in Node: resolving is allowed here). */
export const versionOne = (): StorefrontContent => defaultStorefrontContent()

/** Both languages of `content` as the server resolves them (with the carousel's catalogue `projects`). */
export function resolveBoth(
  content: StorefrontContent = versionOne(),
  supportEmail = TEST_SUPPORT_EMAIL,
  projects?: ReadonlyMap<string, CarouselProject>,
): { es: ResolvedStorefront; en: ResolvedStorefront } {
  const options = { supportEmail, ...(projects ? { projects } : {}) }
  return { es: resolveStorefront(content, 'es', options), en: resolveStorefront(content, 'en', options) }
}

/** What the app reads its storefront from, both languages known, the store named as start-app names it. */
export function testStorefronts(
  content: StorefrontContent = versionOne(),
  projects?: ReadonlyMap<string, CarouselProject>,
): StorefrontSource {
  const both = resolveBoth(content, TEST_SUPPORT_EMAIL, projects)
  for (const language of languages) nameTheStore(language, both[language].store.name)
  return storefrontSource([both.es, both.en])
}
