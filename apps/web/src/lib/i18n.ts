import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { z } from 'zod/mini'
import en from '../locales/en.json'
import es from '../locales/es.json'

export const languages = ['es', 'en'] as const
export type Language = (typeof languages)[number]

const languageSchema = z.enum(languages)
const STORAGE_KEY = 'lang'

export const resources = { es: { translation: es }, en: { translation: en } } as const

/** The remembered choice; storage may be unavailable (privacy modes) or hold anything. */
export function readStoredLanguage(): Language | undefined {
  try {
    const parsed = languageSchema.safeParse(localStorage.getItem(STORAGE_KEY))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // Without storage the choice lasts for this page only; nothing to report.
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

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = currentLanguage(language)
})

void i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage() ?? preferredLanguage(navigator.languages),
  fallbackLng: 'es',
  supportedLngs: languages,
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
})
