import { foldText } from '@pg/shared/search-text'
import MiniSearch from 'minisearch'
import type { DemoCatalog } from '../../../src/catalogue/demo/demo-catalog'
import { findPage } from '../../../src/catalogue/search/page-finder'
import type { ProjectIndex } from '../../../src/catalogue/search/project-index'
import { QUERY_CLASSES, type QualityQuery, type QueryClass } from './quality-queries'

/** A search engine as the measure sees it: a query's first projects, best first. */
export type Engine = (text: string) => string[]

/** How many results are read: MRR counts a relevant project found lower than this as not found. */
const READ = 10

export interface ClassScore {
  kind: QueryClass
  queries: number
  recallAt1: number
  recallAt5: number
  mrr: number
}

export interface QualityScore {
  classes: ClassScore[]
  /** Of the words no project holds, the share of searches that found any project (each a false positive). */
  falsePositiveSearches: number
  /** Projects found, in all, by the searches for words no project holds. */
  falsePositives: number
}

/** recall@1, recall@5 and MRR per class of query, and the false positives of searches for absent words. */
export function scoreEngine(
  engine: Engine,
  queries: readonly QualityQuery[],
  absent: readonly string[],
): QualityScore {
  const classes = QUERY_CLASSES.map((kind) => {
    const ofKind = queries.filter((query) => query.kind === kind)
    let at1 = 0
    let at5 = 0
    let reciprocal = 0
    for (const query of ofKind) {
      const found = engine(query.text).slice(0, READ)
      const rank = found.findIndex((id) => query.relevant.has(id))
      if (rank === 0) at1++
      if (rank !== -1 && rank < 5) at5++
      if (rank !== -1) reciprocal += 1 / (rank + 1)
    }
    const share = (count: number) => (ofKind.length === 0 ? 0 : count / ofKind.length)
    return {
      kind,
      queries: ofKind.length,
      recallAt1: share(at1),
      recallAt5: share(at5),
      mrr: share(reciprocal),
    }
  })
  let falsePositiveSearches = 0
  let falsePositives = 0
  for (const word of absent) {
    const found = engine(word).length
    if (found > 0) falsePositiveSearches++
    falsePositives += found
  }
  return {
    classes,
    falsePositiveSearches: absent.length === 0 ? 0 : falsePositiveSearches / absent.length,
    falsePositives,
  }
}

const RELEVANCE = { by: 'relevance', direction: 'asc', tieBreak: 'asc' } as const

/** The gallery's search: the first page by relevance, as a member's search finds it (page-finder.ts). */
export function galleryEngine(index: ProjectIndex): Engine {
  return (text) =>
    findPage(index, {
      search: 'text',
      text,
      order: RELEVANCE,
      cursor: null,
      offset: 0,
      limit: READ,
      withTotal: false,
    }).page.map((position) => index.ids[position] ?? '')
}

/**
 * MiniSearch as a gallery would set it up for search as you type, and as issue 34's check did: every
 * word by its start and with typos (a fifth of its length, as MiniSearch's guide suggests), title first,
 * accents folded as the gallery folds them (without it MiniSearch would lose every accent dropped).
 */
export function miniSearchEngine(catalog: DemoCatalog): Engine {
  const tagNames = new Map(catalog.tags.map((tag) => [tag.id, tag.name]))
  const search = new MiniSearch({
    fields: ['title', 'author', 'subtitle', 'tags'],
    processTerm: (term) => foldText(term),
    searchOptions: { prefix: true, fuzzy: 0.2, boost: { title: 3, author: 2, subtitle: 1.2 } },
  })
  search.addAll(
    catalog.projects.map((project) => ({
      id: project.id,
      title: project.title,
      author: project.author ?? '',
      subtitle: project.subtitle ?? '',
      tags: project.tag_ids.map((id) => tagNames.get(id) ?? '').join(' '),
    })),
  )
  return (text) =>
    search
      .search(text)
      .slice(0, READ)
      .map((result) => String(result.id))
}

/** The side-by-side table: one line per class, then the false positives. */
export function qualityTable(named: ReadonlyArray<{ name: string; score: QualityScore }>): string {
  const figure = (value: number) => value.toFixed(2)
  const head = ['class', 'queries', ...named.flatMap(({ name }) => [`${name} r@1`, 'r@5', 'MRR'])]
  const rows = QUERY_CLASSES.map((kind, at) => [
    kind,
    String(named[0]?.score.classes[at]?.queries ?? 0),
    ...named.flatMap(({ score }) => {
      const line = score.classes[at]
      return line ? [figure(line.recallAt1), figure(line.recallAt5), figure(line.mrr)] : ['', '', '']
    }),
  ])
  const falsePositives = [
    'absent words: searches with results / projects found',
    '',
    ...named.flatMap(({ score }) => [figure(score.falsePositiveSearches), String(score.falsePositives), '']),
  ]
  const table = [head, ...rows, falsePositives]
  const widths = head.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)))
  return table
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n')
}
