import { createContext, useContext, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { INFO_PAGES, SEO_PAGES, type SeoPage } from '@pg/shared/storefront/names'
import type { ResolvedStorefront } from '@pg/shared/storefront/resolved'
import { currentLanguage, type Language } from './i18n'
import { useDocumentTitle } from './use-document-title'

/**
 * The owner's storefront (issue 41, decision 073) as the pages draw it: every text, the price, the
 * information pages' HTML, already resolved for one language by the server (or the build). The app
 * gets the page's language from the page itself (`#pg-storefront`, storefront-page.ts); the other one
 * when the visitor switches language (`ensure`). Never resolved here: the browser imports no Markdown
 * parser or sanitiser, only the resolved shape.
 */
export interface StorefrontSource {
  get: (language: Language) => ResolvedStorefront | undefined
  /** Makes `language`'s storefront available; false when it cannot be had (the caller reloads the page). */
  ensure: (language: Language) => Promise<boolean>
  subscribe: (listener: () => void) => () => void
}

export function storefrontSource(
  known: readonly ResolvedStorefront[],
  fetchOne?: (language: Language) => Promise<ResolvedStorefront | null>,
): StorefrontSource {
  const storefronts = new Map(known.map((storefront) => [storefront.language, storefront]))
  const listeners = new Set<() => void>()
  return {
    get: (language) => storefronts.get(language),
    async ensure(language) {
      if (storefronts.has(language)) return true
      const fetched = await fetchOne?.(language).catch(() => null)
      if (!fetched || fetched.language !== language) return false
      storefronts.set(language, fetched)
      for (const listener of listeners) listener()
      return true
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * What a page shows with no storefront at all (a page the server did not write, or whose data did not
 * pass the schema): nothing of the owner's, rather than anything made up. Never the case for a page the
 * server sends (or the dev server: vite.config.ts).
 */
export function emptyStorefront(language: Language): ResolvedStorefront {
  return {
    language,
    store: { name: '', tagline: '', supportEmail: '', copyrightHolder: '', socialLinks: [] },
    price: { amount: '', currency: '', formatted: '' },
    landing: {
      hero: { eyebrow: '', title: '', subtitle: '', points: [], secondary: '' },
      buyLabel: '',
      carousel: { heading: '', intro: '', apps: [] },
      problem: { heading: '', intro: '', points: [] },
      solution: { heading: '', intro: '', steps: [] },
      features: { heading: '', items: [] },
      benefits: { heading: '', items: [] },
      trust: { heading: '', badges: [] },
      offer: {
        title: '',
        intro: '',
        productName: '',
        productDescription: '',
        priceNote: '',
        items: [],
        bonusLabel: '',
        bonuses: [],
        summary: '',
        refundNote: '',
        refundLink: '',
      },
      faq: { heading: '', more: '', entries: [] },
      finalCta: { heading: '', text: '' },
    },
    faqGroups: [],
    pages: each(INFO_PAGES, { title: '', html: '', toc: [], updatedOn: '' }),
    seo: {
      siteDescription: '',
      imageAlt: '',
      image: '',
      pages: each(SEO_PAGES, { title: '', description: '', socialTitle: '' }),
    },
  }
}

/** The same value under every key (Object.fromEntries cannot say which keys it was given). */
function each<K extends string, V>(keys: readonly K[], value: V): Record<K, V> {
  return Object.fromEntries(keys.map((key) => [key, value])) as Record<K, V>
}

const nothing = storefrontSource([])

export const StorefrontContentContext = createContext<StorefrontSource>(nothing)

export const useStorefrontSource = () => useContext(StorefrontContentContext)

/** The storefront in the language the page shows now. */
export function useStorefront(): ResolvedStorefront {
  const source = useStorefrontSource()
  const { i18n } = useTranslation()
  const language = currentLanguage(i18n.language)
  const read = () => source.get(language)
  return useSyncExternalStore(source.subscribe, read, read) ?? emptyStorefront(language)
}

/** The store's support address: the owner's, else SUPPORT_EMAIL (resolved with the storefront). */
export const useSupportEmail = () => useStorefront().store.supportEmail

/** A public page's tab title as its head has it (the owner's SEO title; none: the store's name alone). */
export function usePageTitle(path: SeoPage): void {
  useDocumentTitle(useStorefront().seo.pages[path].title || undefined)
}
