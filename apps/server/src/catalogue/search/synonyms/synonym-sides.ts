import { foldedWords } from '@pg/shared/search-text'
import { z } from 'zod'

/** The most synonyms a store keeps: each is looked up in every search's words. */
export const SYNONYMS_KEPT = 500
/** A side is one to five words, at most 60 characters as typed. */
export const SIDE_MAX_WORDS = 5
export const SIDE_MAX_CHARACTERS = 60

/**
 * One side of a synonym as the owner typed it, folded as the search folds text ("Inteligencia
 * Artificial" → "inteligencia artificial"): null when it holds no word, more than five, or more than 60
 * characters.
 */
export function foldedSide(typed: string): string | null {
  if (typed.length > SIDE_MAX_CHARACTERS) return null
  const words = foldedWords(typed)
  if (words.length === 0 || words.length > SIDE_MAX_WORDS) return null
  return words.join(' ')
}

/** A side as a request gives it: a string the route then folds (`foldedSide`). */
export const sideSchema = z.string().max(SIDE_MAX_CHARACTERS)

/** A synonym as stored and as the console lists it. */
export interface Synonym {
  id: string
  oneSide: string
  otherSide: string
  createdAt: Date
}
