import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { z } from 'zod/mini'

export const languages = ['es', 'en'] as const
export type Language = (typeof languages)[number]

const languageSchema = z.enum(languages)
const STORAGE_KEY = 'lang'
/** The server reads this cookie to send prerendered pages in the visitor's language (a year, site-wide). */
const COOKIE = `${STORAGE_KEY}=`
const COOKIE_ATTRIBUTES = '; Path=/; Max-Age=31536000; SameSite=Lax'

/** Each language's texts are a chunk of their own: a page loads only its own language. */
const loaders: Record<Language, () => Promise<Record<string, unknown>>> = {
  es: async () => (await import('../locales/es')).es,
  en: async () => (await import('../locales/en')).en,
}

/** The remembered choice; storage may be unavailable (privacy modes) or hold anything. */
export function readStoredLanguage(): Language | undefined {
  try {
    const parsed = languageSchema.safeParse(localStorage.getItem(STORAGE_KEY))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** Remembers the choice in this browser and tells the server, which prerenders pages in both languages. */
export function storeLanguage(language: Language): void {
  document.cookie = `${COOKIE}${language}${COOKIE_ATTRIBUTES}`
  try {
    localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // Without storage the cookie still carries the choice; nothing to report.
  }
}

/** The first of the browser's preferred languages that the app speaks; Spanish otherwise. */
export function preferredLanguage(preferences: readonly string[]): Language {
  for (const tag of preferences) {
    const parsed = languageSchema.safeParse(tag.toLowerCase().split('-')[0])
    if (parsed.success) return parsed.data
  }
  return 'es'
}

export function currentLanguage(language: string | undefined): Language {
  const parsed = languageSchema.safeParse(language)
  return parsed.success ? parsed.data : 'es'
}

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  fallbackLng: 'es',
  supportedLngs: languages,
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
})

// After init, which announces its fallback language: the page's own `lang` must survive until read.
if (typeof document !== 'undefined') {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = currentLanguage(language)
  })
}

/** Loads a language's texts once; the prerender and the tests load both. */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return
  i18n.addResourceBundle(language, 'translation', await loaders[language]())
}

/** Shows the app in `language`, its texts loaded first so nothing is drawn in the other one meanwhile. */
export async function showLanguage(language: Language): Promise<void> {
  await loadLanguage(language)
  await i18n.changeLanguage(language)
}
