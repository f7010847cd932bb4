import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../../platform/db/client'
import { takingTurns } from '../collections/taking-turns'
import { createCardBytesBuilder } from './card-bytes'
import type { CardReader } from './project-cards'
import { createIndexBuilder, type ProjectIndex } from './project-index'

/**
 * Rows per statement: each slice is read and indexed in a few milliseconds, and the server answers
 * what arrived meanwhile before the next one, so a rebuild never holds the event loop for long.
 */
export const SLICE_ROWS = { projects: 500, titles: 5000 }

const text = (value: unknown) => (typeof value === 'string' ? value : null)

export interface CardOptions {
  read: CardReader
  /** The index being replaced: a card that did not change is kept, not held twice (decision 030). */
  previous: ProjectIndex | null
}

/**
 * Reads the catalogue into a new index, one slice of `$sequence` at a time, then the titles in the
 * database's own order (its collation) for A–Z. The slices are separate statements, not one snapshot:
 * a catalogue written meanwhile has a newer version, and the index is built again for it.
 */
export async function readProjectIndex(
  database: DatabaseHandle,
  version: string,
  stopped: () => boolean,
  sliceRows = SLICE_ROWS,
  cardOptions: CardOptions | null = null,
): Promise<ProjectIndex | null> {
  const { rows } = takingTurns(database)
  const builder = createIndexBuilder()
  const cards = createCardBytesBuilder(cardOptions?.previous ?? null)
  let cardsMissing = false
  for (let after = -1; ;) {
    const slice = await rows(sql`
      SELECT p.sequence::text AS sequence, p.id, p.title, p.title_search, p.author, p.subtitle,
        round(extract(epoch FROM p.created_at) * 1000)::float8 AS created_ms
      FROM projects p WHERE p.sequence > ${after} ORDER BY p.sequence LIMIT ${sliceRows.projects}`)
    if (stopped()) return null
    const last = Number(slice.at(-1)?.sequence ?? after)
    // The slice's tags in a statement of their own: as one subquery per project it took twice as long.
    const tagNames = new Map<unknown, unknown>()
    if (slice.length > 0) {
      const tagged = await rows(sql`
        SELECT pt.project_id, string_agg(t.name, E'\n') AS names
        FROM project_tags pt JOIN tags t ON t.id = pt.tag_id
        WHERE pt.project_id IN (SELECT id FROM projects WHERE sequence > ${after} AND sequence <= ${last})
        GROUP BY pt.project_id`)
      if (stopped()) return null
      for (const row of tagged) tagNames.set(row.project_id, row.names)
    }
    const sliceCards = cardOptions && slice.length > 0 ? await cardOptions.read(after, last) : null
    if (stopped()) return null
    for (const row of slice) {
      const card = sliceCards?.get(String(row.id))
      // Deleted between the two statements: a newer version, whose index will have its cards; this one
      // answers from the database meanwhile.
      if (card === undefined) cardsMissing = true
      else if (!cardsMissing) cards.add(String(row.id), card)
      builder.add({
        sequence: Number(row.sequence),
        id: String(row.id),
        title: text(row.title) ?? '',
        titleFolded: text(row.title_search) ?? '',
        author: text(row.author),
        subtitle: text(row.subtitle),
        tagNames: text(tagNames.get(row.id)),
        createdAt: Number(row.created_ms),
      })
    }
    after = last
    if (slice.length < sliceRows.projects) break
  }

  const titleRank = new Int32Array(builder.count()).fill(builder.count())
  let rank = -1
  let lastTitle: string | null = null
  let lastSequence = 0
  for (;;) {
    const slice = await rows(sql`
      SELECT p.sequence::text AS sequence, p.title FROM projects p
      ${lastTitle === null ? sql`` : sql`WHERE (p.title, p.sequence) > (${lastTitle}, ${lastSequence})`}
      ORDER BY p.title, p.sequence LIMIT ${sliceRows.titles}`)
    if (stopped()) return null
    for (const row of slice) {
      const title = String(row.title)
      // Titles the database holds equal (byte for byte, as its deterministic collations do) share a rank.
      if (title !== lastTitle) rank++
      lastTitle = title
      lastSequence = Number(row.sequence)
      const position = builder.positionOf(lastSequence)
      if (position !== -1) titleRank[position] = rank
    }
    if (slice.length < sliceRows.titles) break
  }
  return builder.finish(version, titleRank, cardsMissing ? undefined : cards.finish())
}
