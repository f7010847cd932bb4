import type { FastifyRequest } from 'fastify'
import { z } from 'zod'

export const PAGE_LANGUAGES = ['es', 'en'] as const
export type PageLanguage = (typeof PAGE_LANGUAGES)[number]

const languageSchema = z.enum(PAGE_LANGUAGES)
const querySchema = z.object({ lang: languageSchema.optional().catch(undefined) }).catch({})

export interface LanguageChoice {
  language: PageLanguage
  /** Asked for in the address (`?lang=en`): the hreflang alternates of the pages point there. */
  explicit: boolean
}

/** `en-US,en;q=0.9,es;q=0.8` → the languages the store speaks, most preferred first (q=0 excluded). */
export function acceptedLanguages(header: string | undefined): PageLanguage[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';')
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q === undefined ? 1 : Number.parseFloat(q.slice(2))
      return {
        tag: tag.trim().toLowerCase().split('-')[0],
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      }
    })
    .filter((item) => item.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .flatMap((item) => {
      const parsed = languageSchema.safeParse(item.tag)
      return parsed.success ? [parsed.data] : []
    })
}

/**
 * The language of the page to send: `?lang=` in the address, else the visitor's remembered choice
 * (the `lang` cookie the language switcher sets), else the language the path itself names (the
 * thank-you page's `/thank-you`), else the browser's Accept-Language, else Spanish. The remembered
 * choice outranks the path so that the language switcher works there too.
 */
export function pickLanguage(request: FastifyRequest, pathLanguage?: PageLanguage): LanguageChoice {
  const query = querySchema.parse(request.query)
  if (query.lang) return { language: query.lang, explicit: true }
  const remembered = languageSchema.safeParse(request.cookies.lang)
  if (remembered.success) return { language: remembered.data, explicit: false }
  if (pathLanguage) return { language: pathLanguage, explicit: false }
  const [preferred = 'es'] = acceptedLanguages(request.headers['accept-language'])
  return { language: preferred, explicit: false }
}
