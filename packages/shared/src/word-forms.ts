import { stemmer as englishStem } from '@orama/stemmers/english'
import { stemmer as spanishStem } from '@orama/stemmers/spanish'

/**
 * A word's forms: what its singular and plural (and other endings) share, so "citas" finds "cita" and
 * "chatbot" finds "chatbots" (decision 067). Orama's kept stemmers: Spanish is Snowball's (a member's
 * words are mostly Spanish), English a light plural folding (apps, bots, emails are common in titles); two
 * words have the same form when either language's stems are equal. Folded words (no accents) go in.
 */

/** Shorter words are left alone: "ia", "ui" or "la" folded to a stem would meet unrelated words. */
export const FORMS_FROM = 3

/**
 * Forms found recently, by word: a search stems each of its words, and members search the same words
 * again and again (the stemmers took a twentieth of a varied search's time). Emptied when full, so what
 * members type cannot grow it.
 */
const KEPT_FORMS = 4096
const keptForms = new Map<string, readonly string[]>()

/** The keys of a folded word's forms, one per language (a prefix keeps the two languages apart). */
export function wordForms(folded: string): string[] {
  if (folded.length < FORMS_FROM) return []
  const kept = keptForms.get(folded)
  if (kept) return [...kept]
  const forms = [`es ${spanishStem(folded)}`, `en ${englishStem(folded)}`]
  if (keptForms.size >= KEPT_FORMS) keptForms.clear()
  keptForms.set(folded, forms)
  return [...forms]
}

/** Whether two folded words share a form (neither equal nor one the other's start: those match anyway). */
export function sameForm(forms: readonly string[], word: string): boolean {
  if (forms.length === 0 || word.length < FORMS_FROM) return false
  const other = wordForms(word)
  return forms[0] === other[0] || forms[1] === other[1]
}
