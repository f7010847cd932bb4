import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { z } from 'zod/mini'
import {
  currentLanguage,
  languages,
  readStoredLanguage,
  storeLanguage,
  type Language,
} from './language-preference'

export { currentLanguage, languages, readStoredLanguage, storeLanguage, type Language }

const languageSchema = z.enum(languages)

/** Each language's texts are a chunk of their own: a page loads only its own language. */
const loaders: Record<Language, () => Promise<Record<string, unknown>>> = {
  es: async () => (await import('../locales/es')).es,
  en: async () => (await import('../locales/en')).en,
}

/** The first of the browser's preferred languages that the app speaks; Spanish otherwise. */
export function preferredLanguage(preferences: readonly string[]): Language {
  for (const tag of preferences) {
    const parsed = languageSchema.safeParse(tag.toLowerCase().split('-')[0])
    if (parsed.success) return parsed.data
  }
  return 'es'
}

const OPTIONS = {
  partialBundledLanguages: true,
  fallbackLng: 'es',
  supportedLngs: languages,
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
} as const

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({ ...OPTIONS, resources: {} })

/**
 * The store's name is the owner's (storefront content, decision 073), not the locale files': `app.name`
 * in a language's texts is replaced by it, here only, wherever those texts are loaded.
 */
const storeNames = new Map<Language, string>()
// A copy of `app` either way: i18next keeps the objects it is given, and naming the store later must
// not write into the locale module's own.
const withStoreName = (texts: Record<string, unknown>, name: string | undefined) => {
  const app = typeof texts.app === 'object' ? { ...texts.app } : {}
  return { ...texts, app: name ? { ...app, name } : app }
}

/** Names the store in `language` (the content of that language's pages), now and when its texts load. */
export function nameTheStore(language: Language, name: string): void {
  storeNames.set(language, name)
  if (i18n.hasResourceBundle(language, 'translation'))
    i18n.addResource(language, 'translation', 'app.name', name)
}

/**
 * One language's texts in an instance of their own, the store named: the server's drawing of the
 * pages (prerender/entry-server.tsx), where two drawings with different content must not share texts.
 */
export async function pageTexts(language: Language, storeName: string) {
  // Not made react-i18next's default (initReactI18next): the drawing hands it to its provider.
  const instance = i18next.createInstance()
  await instance.init({
    ...OPTIONS,
    lng: language,
    resources: { [language]: { translation: withStoreName(await loaders[language](), storeName) } },
  })
  return instance
}

// After init, which announces its fallback language: the page's own `lang` must survive until read.
if (typeof document !== 'undefined') {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = currentLanguage(language)
  })
}

export type TextLoaders = Record<Language, () => Promise<Record<string, unknown>>>

/**
 * Texts of a part of the app that is a chunk of its own (the owner's console): added to the language's
 * texts when that part loads, and loaded with every language shown afterwards.
 */
const partLoaders = new Set<TextLoaders>()
const loadedParts = new Map<Language, Set<TextLoaders>>()

async function loadPart(language: Language, part: TextLoaders): Promise<void> {
  const loaded = loadedParts.get(language) ?? new Set()
  loadedParts.set(language, loaded)
  if (loaded.has(part)) return
  i18n.addResourceBundle(language, 'translation', await part[language](), true, true)
  loaded.add(part)
}

/** Adds a part's texts: those of the language shown now at once, the others when they are shown. */
export async function addTexts(part: TextLoaders): Promise<void> {
  partLoaders.add(part)
  await loadLanguage(currentLanguage(i18n.language))
}

/** Loads a language's texts once; the prerender and the tests load both. */
export async function loadLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const texts = withStoreName(await loaders[language](), storeNames.get(language))
    i18n.addResourceBundle(language, 'translation', texts, true, false)
  }
  for (const part of partLoaders) await loadPart(language, part)
}

/** Shows the app in `language`, its texts loaded first so nothing is drawn in the other one meanwhile. */
export async function showLanguage(language: Language): Promise<void> {
  await loadLanguage(language)
  await i18n.changeLanguage(language)
}
