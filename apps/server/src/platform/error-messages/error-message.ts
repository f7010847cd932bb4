import type { Language } from './request-language'
import { en } from './en'
import { es } from './es'

import type { Phrase } from './phrase'

export type { Phrase }

/** The English catalogue is the reference: every language has each of its keys, with the same values. */
export type Catalogue = typeof en
export type MessageKey = keyof Catalogue

type ValuesOf<K extends MessageKey> = Parameters<Catalogue[K]> extends [infer V] ? V : undefined

/** The values a message is built with: a nested message where the catalogue says `Phrase`. */
type Inputs<V> = {
  [P in keyof V]: V[P] extends Phrase
    ? ErrorMessage
    : V[P] extends readonly Phrase[]
      ? readonly ErrorMessage[]
      : V[P]
}

/** The values a message of this key is built with (undefined for a message without any). */
export type MessageValues<K extends MessageKey> = Inputs<ValuesOf<K>>

/**
 * What an error says, as a key of the catalogues and its values (names, ids, numbers, nested messages),
 * not yet in any language: it is said in the language the request asks for where the error becomes an
 * answer (`errorBody`), and in English for the logs and the admin CLI (`AppwriteError.message`).
 */
export class ErrorMessage<K extends MessageKey = MessageKey> {
  constructor(
    readonly key: K,
    readonly values: Inputs<ValuesOf<K>>,
  ) {}
}

/** A message of the catalogue: its key, and its values when it has any. */
export function said<K extends MessageKey>(
  key: K,
  ...values: ValuesOf<K> extends undefined ? [] : [Inputs<ValuesOf<K>>]
): ErrorMessage<K> {
  const [given] = values
  // The rest parameter's type ties the values to the key; the tuple's element is what the class holds.
  return new ErrorMessage(key, given as Inputs<ValuesOf<K>>)
}

const catalogues: Record<Language, Catalogue> = { en, es }

function sayValue(value: unknown, language: Language): unknown {
  if (value instanceof ErrorMessage) return say(value, language)
  if (Array.isArray(value)) return value.map((item: unknown) => sayValue(item, language))
  return value
}

/** The message in one language, nested messages in the same one. */
export function say(message: ErrorMessage, language: Language): string {
  const values =
    message.values === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(message.values).map(([name, value]) => [name, sayValue(value, language)]),
        )
  // Each entry takes its own values; `said` checked them against the key when the message was built.
  const entry = catalogues[language][message.key] as (values: unknown) => string
  return entry(values)
}
