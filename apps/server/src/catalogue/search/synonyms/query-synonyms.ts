import { queryWords, type QueryWord } from '@pg/shared/search-text'
import { sameForm, wordForms } from '@pg/shared/word-forms'
import type { SearchWord } from '../word-hits'

/** A synonym as the search applies it: two sides of folded words. */
export interface SynonymSides {
  oneSide: string
  otherSide: string
}

interface Direction {
  /** The words typed to find the other side (the side's words), and the other side as query words. */
  typed: readonly string[]
  other: readonly QueryWord[]
}

/** A side's word as the search looks for it through a synonym: whole, or in another form, no typos. */
const exactWord = (folded: string): QueryWord => ({
  folded,
  typos: 0,
  prefix: false,
  forms: wordForms(folded),
})

const typedMatches = (typed: QueryWord, side: string) => typed.folded === side || sameForm(typed.forms, side)

/**
 * The owner's synonyms as the search applies them to a query's words (issue 34, decision 067): both
 * directions, a side of several words included. Where the typed words hold a side (its words one after
 * the other, each whole or in another form), each of those words gets the other side as an alternative:
 * "ia" also finds the projects holding "inteligencia" and "artificial", and "inteligencia artificial"
 * finds those holding "ia" as matching both words. Sides are found by their first word's folded text
 * and forms, so a search looks up a map, not the list.
 */
export function createQuerySynonyms(synonyms: readonly SynonymSides[]) {
  const byFirstWord = new Map<string, Direction[]>()
  const add = (typedSide: string, otherSide: string) => {
    const typed = typedSide.split(' ')
    const direction: Direction = { typed, other: otherSide.split(' ').map(exactWord) }
    const first = typed[0] ?? ''
    for (const key of [first, ...wordForms(first)]) {
      const directions = byFirstWord.get(key) ?? []
      if (!directions.includes(direction)) directions.push(direction)
      byFirstWord.set(key, directions)
    }
  }
  for (const { oneSide, otherSide } of synonyms) {
    add(oneSide, otherSide)
    add(otherSide, oneSide)
  }

  /** The query's words with the synonyms that apply to them; null when none does. */
  function apply(words: readonly QueryWord[]): SearchWord[] | null {
    if (byFirstWord.size === 0) return null
    const alternatives = words.map((): QueryWord[][] => [])
    let applied = false
    words.forEach((word, at) => {
      const found = new Set<Direction>()
      for (const key of [word.folded, ...word.forms])
        for (const one of byFirstWord.get(key) ?? []) found.add(one)
      for (const { typed, other } of found) {
        if (at + typed.length > words.length) continue
        if (!typed.every((side, offset) => typedMatches(words[at + offset] as QueryWord, side))) continue
        for (let offset = 0; offset < typed.length; offset++) alternatives[at + offset]?.push([...other])
        applied = true
      }
    })
    if (!applied) return null
    return words.map((word, at) => {
      const own = alternatives[at] ?? []
      return own.length === 0 ? word : { ...word, alternatives: own }
    })
  }

  return {
    apply,
    /** The words of a search text with the synonyms that apply (`queryWords`, then `apply`). */
    wordsOf: (text: string): SearchWord[] | null => (byFirstWord.size === 0 ? null : apply(queryWords(text))),
  }
}

export type QuerySynonyms = ReturnType<typeof createQuerySynonyms>
