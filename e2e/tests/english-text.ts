import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { en } from '../../apps/server/src/platform/error-messages/en'

const locales = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/locales/console',
)

/** Every text of a JSON locale file, nested keys flattened. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves)
  return []
}

const localeTexts = (language: 'es' | 'en') =>
  readdirSync(path.join(locales, language))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => leaves(JSON.parse(readFileSync(path.join(locales, language, file), 'utf8'))))

/** A value for any of a message's parameters, shown as a locale file's `{{value}}`; a list joins to it too. */
const MARK = '{{value}}'
const anyValues: unknown = new Proxy(
  {},
  { get: (_, name) => (name === Symbol.toPrimitive ? () => MARK : [MARK]) },
)

/** What the server's English catalogue says, each message with its values left out (split at them). */
function serverTexts(): string[] {
  return Object.values(en).flatMap((message: (values: never) => string) => {
    try {
      const said: unknown = message(anyValues as never)
      return typeof said === 'string' ? [said] : []
    } catch {
      // A message that reads its values as something else (a zod issue): its words are zod's.
      return []
    }
  })
}

/**
 * The stretches of English the console could show: the console's English locale texts and the server's
 * English messages, cut at their values (`{{count}}`, a parameter), lower case, of two words or more,
 * and not also Spanish (a provider's name, an environment variable, `CSV`).
 */
export function englishStretches(): string[] {
  const spanish = localeTexts('es').join('\n').toLowerCase()
  const stretches = [...localeTexts('en'), ...serverTexts()]
    .flatMap((text) => text.split(/\{\{[^}]*\}\}|<\/?\d+>/))
    .map((stretch) => stretch.trim().replace(/\s+/g, ' ').toLowerCase())
    .filter((stretch) => /^\S+ \S/.test(stretch) && /[a-z]{3}/.test(stretch) && !spanish.includes(stretch))
  return [...new Set(stretches)]
}

/** Common English words no Spanish sentence of the console uses. */
export const ENGLISH_WORDS = new Set(
  (
    'the and of to is are was were be been not with for from this that these has have had which ' +
    'must should would could will can cannot you your its their there here what when where why how ' +
    'file row column order orders refund refunded granted access owner problem problems valid invalid ' +
    'nothing imported import paid member members settings catalogue loading shown show events event ' +
    'details close missing set by only every any none more less first last day days'
  ).split(' '),
)

/**
 * The page's visible text, without what names something rather than says it: code and what is marked
 * `translate="no"` (ids, the provider's event names), email addresses and web addresses.
 */
export async function visibleWords(page: Page, root = 'body'): Promise<string> {
  const text = await page.locator(root).evaluate((container) => {
    const parts: string[] = []
    const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('code, [translate="no"], script, style, template')) continue
      if (!parent.checkVisibility()) continue
      parts.push(node.textContent ?? '')
    }
    return parts.join(' ')
  })
  return text
    .replace(/\S+@\S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\s+/g, ' ')
}

/** The English on the page (or in `root`): stretches of the English texts found in it, and common English words. */
export async function englishOnPage(page: Page, stretches: string[], root = 'body'): Promise<string[]> {
  const text = (await visibleWords(page, root)).toLowerCase()
  const found = stretches.filter((stretch) => text.includes(stretch))
  const words = text.split(/[^a-záéíóúüñ]+/).filter((word) => ENGLISH_WORDS.has(word))
  return [...found.map((stretch) => `“${stretch}”`), ...new Set(words)]
}
