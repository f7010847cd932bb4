import { foldText, foldedWords } from '@pg/shared/search-text'
import type { DemoCatalog } from '../../../src/catalogue/demo/demo-catalog'
import { createSeededRandom, type SeededRandom } from '../../../src/platform/lib/seeded-random'

/**
 * The kinds of query a member types that issue 34 measured the gallery's search on, each made from the
 * demo catalogue by a seeded generator (decision 067), so a run is the same on every machine.
 */
export const QUERY_CLASSES = [
  'title',
  'title with a typo',
  'wrong first letter',
  'short word, letter dropped',
  'accents dropped',
  'words reordered',
  'author with a typo',
  'singular/plural',
  'words as prefixes',
] as const
export type QueryClass = (typeof QUERY_CLASSES)[number]

export interface QualityQuery {
  kind: QueryClass
  text: string
  /** The projects a member typing it looks for: the same title, or the same author. */
  relevant: ReadonlySet<string>
}

/**
 * Words a member may type that no demo project holds (nor a word starting with them): every project a
 * search for one finds is a false positive. Spanish and English words of other trades than the demo's.
 */
const ABSENT_WORDS = [
  'perro',
  'jirafa',
  'volcán',
  'guitarra',
  'montaña',
  'tortuga',
  'pingüino',
  'cebolla',
  'tractor',
  'violín',
  'helado',
  'bicicleta',
  'cangrejo',
  'pirámide',
  'trompeta',
  'elephant',
  'umbrella',
  'pumpkin',
  'giraffe',
  'carpet',
  'blizzard',
  'lighthouse',
  'saxophone',
  'walrus',
  'zanahoria',
  'murciélago',
  'castaña',
  'ballena',
  'orquídea',
  'tambor',
  'mermelada',
  'pelícano',
  'glaciar',
  'acordeón',
  'leopardo',
  'almendra',
  'sombrero',
  'mariposa',
  'girasol',
  'trueno',
]

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/** One typo inside a word (never its first letter): a letter replaced, added, dropped or two swapped. */
function typo(random: SeededRandom, word: string): string {
  const at = 1 + random.int(word.length - 1)
  const letter = LETTERS[random.int(LETTERS.length)] ?? 'x'
  switch (random.int(4)) {
    case 0:
      return word.slice(0, at) + (letter === word[at] ? 'q' : letter) + word.slice(at + 1)
    case 1:
      return word.slice(0, at) + letter + word.slice(at)
    case 2:
      return word.slice(0, at) + word.slice(at + 1)
    default:
      return at < word.length - 1 && word[at] !== word[at + 1]
        ? word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2)
        : word.slice(0, at) + word.slice(at + 1)
  }
}

/** The singular of a plural Spanish or English word, or the plural of a singular one. */
function otherNumber(word: string): string {
  if (/[^aeiou]es$/.test(word) && word.length > 4) return word.slice(0, -2)
  if (word.endsWith('s')) return word.slice(0, -1)
  return /[aeiouáéó]$/.test(word) ? `${word}s` : `${word}es`
}

/** The written words of a text (accents kept), to change one and put the text back together. */
const writtenWords = (text: string): string[] => text.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []

/** The index of a word of `words` at least `length` long, chosen at random, or -1. */
function wordAtLeast(random: SeededRandom, words: readonly string[], length: number, from = 0): number {
  const candidates = words.flatMap((word, at) => (at >= from && word.length >= length ? [at] : []))
  return candidates.length === 0 ? -1 : (candidates[random.int(candidates.length)] ?? -1)
}

function replaced(words: readonly string[], at: number, word: string): string {
  return words.map((each, index) => (index === at ? word : each)).join(' ')
}

interface Made {
  text: string
  /** Made from the author's name: the relevant projects are the author's. */
  onAuthor: boolean
}

/** The query of one class made from one project, or null when the project has no word to make it. */
function makeQuery(random: SeededRandom, kind: QueryClass, title: string, author: string): Made | null {
  const fromTitle = (text: string | null): Made | null => (text === null ? null : { text, onAuthor: false })
  const fromAuthor = (text: string | null): Made | null => (text === null ? null : { text, onAuthor: true })
  const words = writtenWords(title)
  const names = writtenWords(author)
  switch (kind) {
    case 'title':
      return fromTitle(title)
    case 'title with a typo': {
      const at = wordAtLeast(random, words, 5)
      return at === -1 ? null : fromTitle(replaced(words, at, typo(random, words[at] ?? '')))
    }
    case 'wrong first letter': {
      // A wrong first letter of a title's word or of an author's name (`rernanda Zúñiga`).
      const onName = random.chance(0.5)
      const source = onName ? names : words
      const at = wordAtLeast(random, source, 5)
      if (at === -1) return null
      const word = source[at] ?? ''
      const first = foldText(word[0] ?? '')
      const letter = LETTERS.replace(first, '')[random.int(LETTERS.length - 1)] ?? 'x'
      const text = replaced(source, at, letter + word.slice(1))
      return onName ? fromAuthor(text) : fromTitle(text)
    }
    case 'short word, letter dropped': {
      // A four- to six-letter name or word (`Inés Ocha` for Ochoa) with a letter other than its first dropped.
      const onName = random.chance(0.5)
      const source = onName ? names : words
      const candidates = source.flatMap((word, at) => (word.length >= 4 && word.length <= 6 ? [at] : []))
      if (candidates.length === 0) return null
      const at = candidates[random.int(candidates.length)] ?? 0
      const word = source[at] ?? ''
      const dropped = 1 + random.int(word.length - 1)
      const text = replaced(source, at, word.slice(0, dropped) + word.slice(dropped + 1))
      return onName ? fromAuthor(text) : fromTitle(text)
    }
    case 'accents dropped':
      return fromTitle(foldedWords(title).join(' '))
    case 'words reordered': {
      const shuffled = [...words]
      for (let at = shuffled.length - 1; at > 0; at--) {
        const other = random.int(at + 1)
        ;[shuffled[at], shuffled[other]] = [shuffled[other] ?? '', shuffled[at] ?? '']
      }
      return fromTitle(
        shuffled.join(' ') === words.join(' ') ? [...words].reverse().join(' ') : shuffled.join(' '),
      )
    }
    case 'author with a typo': {
      const at = wordAtLeast(random, names, 5)
      return at === -1 ? null : fromAuthor(replaced(names, at, typo(random, names[at] ?? '')))
    }
    case 'singular/plural': {
      // Every word of four letters or more in the other number (`cita médica` for "Citas médicas").
      const changed = words.map((word) => (word.length >= 4 ? otherNumber(word) : word))
      return fromTitle(changed.join(' ') === words.join(' ') ? null : changed.join(' '))
    }
    case 'words as prefixes': {
      // Words other than the last typed only in part (`asist virtual` for "Asistente virtual").
      const changed = words.map((word, at) =>
        at < words.length - 1 && word.length >= 7
          ? word.slice(0, Math.max(4, Math.ceil(word.length * 0.6)))
          : word,
      )
      return fromTitle(changed.join(' ') === words.join(' ') ? null : changed.join(' '))
    }
  }
}

/**
 * `perClass` queries of each class, made from projects drawn with `seed`: the relevant projects of a
 * title's query are those with the same title (folded), of an author's those by the same author.
 */
export function generateQualityQueries(catalog: DemoCatalog, perClass: number, seed: number): QualityQuery[] {
  const random = createSeededRandom(seed)
  const byTitle = new Map<string, Set<string>>()
  const byAuthor = new Map<string, Set<string>>()
  for (const project of catalog.projects) {
    const title = foldText(project.title)
    byTitle.set(title, (byTitle.get(title) ?? new Set()).add(project.id))
    const author = project.author ?? ''
    byAuthor.set(author, (byAuthor.get(author) ?? new Set()).add(project.id))
  }
  const queries: QualityQuery[] = []
  for (const kind of QUERY_CLASSES) {
    let count = 0
    for (let tries = 0; count < perClass && tries < perClass * 20; tries++) {
      const project = random.pick(catalog.projects)
      const author = project.author ?? ''
      const made = makeQuery(random, kind, project.title, author)
      if (made === null) continue
      const relevant = made.onAuthor ? byAuthor.get(author) : byTitle.get(foldText(project.title))
      queries.push({ kind, text: made.text, relevant: relevant ?? new Set([project.id]) })
      count++
    }
  }
  return queries
}

/** Words no project holds: each a query on its own; any project found is a false positive. */
export function absentWordQueries(catalog: DemoCatalog): string[] {
  const known = new Set<string>()
  const tagNames = new Map(catalog.tags.map((tag) => [tag.id, tag.name]))
  for (const project of catalog.projects) {
    const texts = [
      project.title,
      project.author ?? '',
      project.subtitle ?? '',
      ...project.tag_ids.map((id) => tagNames.get(id) ?? ''),
    ]
    for (const text of texts) for (const word of foldedWords(text)) known.add(word)
  }
  return ABSENT_WORDS.filter((word) => {
    const folded = foldText(word)
    return ![...known].some((each) => each.startsWith(folded))
  })
}
