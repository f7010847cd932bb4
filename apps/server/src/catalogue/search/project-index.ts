import { foldedWords } from '@pg/shared/search-text'
import { NO_CARDS, type CardBytes } from './card-bytes'
import { createTitleSubstringsBuilder, type TitleSubstrings } from './title-substrings'
import { appendOnce, growingList, type GrowingList } from './sorted-positions'
import { createVocabulary, type Vocabulary } from './vocabulary'

/** What is searched, best first: a word found in the title ranks above one found in the author… */
export const SEARCHED_FIELDS = ['title', 'author', 'subtitle', 'tags'] as const
export const FIELD_COUNT = SEARCHED_FIELDS.length

/** A project as the index reads it. */
export interface IndexedProject {
  sequence: number
  id: string
  title: string
  /** The title as the database folds it for text matching (`title_search`). */
  titleFolded: string
  author: string | null
  subtitle: string | null
  /** The names of its tags, one per line. */
  tagNames: string | null
  /** `$createdAt` in milliseconds (stored with millisecond precision). */
  createdAt: number
}

/**
 * The catalogue as one catalogue version saw it, in `$sequence` order: a project's position in these
 * arrays is its number everywhere in the index, so comparing positions compares `$sequence`.
 */
export interface ProjectIndex {
  version: string
  size: number
  ids: string[]
  positions: Map<string, number>
  /** Dense ranks (equal values, equal rank) of `$createdAt` and `title` as the database orders them. */
  createdRank: Int32Array
  titleRank: Int32Array
  /**
   * Words in each title (at most `TITLE_WORDS_COUNTED`): among projects matching a search equally well,
   * the shorter title is the closer to what was typed (decision 067).
   */
  titleWords: Uint8Array
  /** Words in each author's name, likewise: for a search whose words were all found in the author. */
  authorWords: Uint8Array
  vocabulary: Vocabulary
  /** What answers `contains(title, …)` exactly as the database would (decision 031). */
  titles: TitleSubstrings
  /**
   * Each project's document as the gallery's cards select it, serialized as UTF-8 bytes, by position
   * (decisions 030, 033, 049): a page is copied together from them; none when the index was built without.
   */
  cards: CardBytes
}

/**
 * What finding a page needs of an index: all of it but its ids and cards, so that it can be sent to the
 * search worker (decision 055) as it is.
 */
export type SearchableIndex = Pick<
  ProjectIndex,
  'version' | 'size' | 'createdRank' | 'titleRank' | 'titleWords' | 'authorWords' | 'vocabulary' | 'titles'
>

/** Titles' words are counted up to this: relevance keeps four bits for them (`relevanceOf`). */
export const TITLE_WORDS_COUNTED = 15

/** Collects projects (in `$sequence` order) a slice at a time; `finish` makes the index. */
export function createIndexBuilder() {
  const ids: string[] = []
  const positions = new Map<string, number>()
  const createdAt: number[] = []
  const sequences: number[] = []
  const titleWords: number[] = []
  const authorWords: number[] = []
  const postingsByWord = new Map<string, GrowingList>()
  const titles = createTitleSubstringsBuilder()

  const addField = (position: number, field: number, text: string | null) => {
    if (!text) return 0
    const posting = position * FIELD_COUNT + field
    const words = foldedWords(text)
    for (const word of words) {
      let postings = postingsByWord.get(word)
      if (!postings) postingsByWord.set(word, (postings = growingList()))
      // A word said twice in one field is one posting.
      appendOnce(postings, posting)
    }
    return words.length
  }

  return {
    add(project: IndexedProject): void {
      if (project.sequence <= (sequences.at(-1) ?? -Infinity))
        throw new Error('Projects must be added in $sequence order')
      const position = ids.length
      ids.push(project.id)
      positions.set(project.id, position)
      sequences.push(project.sequence)
      createdAt.push(project.createdAt)
      titles.add(project.titleFolded)
      titleWords.push(Math.min(TITLE_WORDS_COUNTED, addField(position, 0, project.title)))
      authorWords.push(Math.min(TITLE_WORDS_COUNTED, addField(position, 1, project.author)))
      addField(position, 2, project.subtitle)
      addField(position, 3, project.tagNames)
    },

    count: () => ids.length,

    /** The position of a project by its `$sequence`, to rank it by another order; -1 when not added. */
    positionOf(sequence: number): number {
      let low = 0
      let high = sequences.length - 1
      while (low <= high) {
        const middle = (low + high) >>> 1
        const found = sequences[middle] ?? 0
        if (found === sequence) return middle
        if (found < sequence) low = middle + 1
        else high = middle - 1
      }
      return -1
    },

    /**
     * `titleRank` comes from the database's own order of titles (its collation), position by position.
     * Each step takes tens of milliseconds at 100,000 projects: the server answers between them.
     */
    async finish(version: string, titleRank: Int32Array, cards: CardBytes = NO_CARDS): Promise<ProjectIndex> {
      const createdRank = denseRanks(createdAt)
      await nextTurn()
      const vocabulary = createVocabulary(postingsByWord)
      await nextTurn()
      return {
        version,
        size: ids.length,
        ids,
        positions,
        createdRank,
        titleRank,
        titleWords: Uint8Array.from(titleWords),
        authorWords: Uint8Array.from(authorWords),
        vocabulary,
        titles: titles.finish(),
        cards,
      }
    },
  }
}

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

function denseRanks(values: number[]): Int32Array {
  const distinct = Float64Array.from(new Set(values)).sort()
  const ranks = new Int32Array(values.length)
  values.forEach((value, position) => {
    let low = 0
    let high = distinct.length - 1
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((distinct[middle] ?? 0) < value) low = middle + 1
      else high = middle
    }
    ranks[position] = low
  })
  return ranks
}
