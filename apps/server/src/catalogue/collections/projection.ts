import { sql, type SQL } from 'drizzle-orm'
import { invalidQuery } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import {
  findCollection,
  internalAttributes,
  type AttributeDefinition,
  type CollectionDefinition,
  type RelationshipDefinition,
} from './collections'
import { column } from './filter-sql'

interface RelationshipProjection {
  relationship: RelationshipDefinition
  target: CollectionDefinition
  /** `null`: return the related id only; otherwise load the related document with these attributes. */
  attributes: AttributeDefinition[] | null
}

export interface Projection {
  attributes: AttributeDefinition[]
  relationships: RelationshipProjection[]
}

/** Turns `select` names (`title`, `*`, `category.*`, `category.name`) into what to load. */
export function resolveProjection(collection: CollectionDefinition, select: string[] | null): Projection {
  const all = select === null || select.includes('*')
  const attributes = all ? [...collection.attributes] : []
  const relationships = new Map<string, RelationshipProjection>()
  for (const relationship of collection.relationships) {
    const target = findCollection(relationship.collectionId)
    if (target && all) relationships.set(relationship.key, { relationship, target, attributes: null })
  }
  const unknown: string[] = []
  for (const name of select ?? []) {
    if (name === '*' || internalAttributes.some((attribute) => attribute.key === name)) continue
    const own = collection.attributes.find((attribute) => attribute.key === name)
    if (own) {
      if (!attributes.includes(own)) attributes.push(own)
      continue
    }
    const [head = '', nested] = name.split(/\.(.*)/s)
    const relationship = collection.relationships.find((candidate) => candidate.key === head)
    const target = relationship && findCollection(relationship.collectionId)
    if (!relationship || !target) {
      unknown.push(name)
      continue
    }
    const entry = relationships.get(head) ?? { relationship, target, attributes: null }
    relationships.set(head, entry)
    if (nested === undefined) continue
    const loaded = entry.attributes ?? []
    if (nested === '*') {
      entry.attributes = [...target.attributes]
    } else if (internalAttributes.some((attribute) => attribute.key === nested)) {
      entry.attributes = loaded
    } else {
      const attribute = target.attributes.find((candidate) => candidate.key === nested)
      if (!attribute) unknown.push(name)
      else entry.attributes = loaded.includes(attribute) ? loaded : [...loaded, attribute]
    }
  }
  if (unknown.length > 0) throw invalidQuery(said('cannotSelect', { names: unknown }))
  return { attributes, relationships: [...relationships.values()] }
}

/** Two projections with the same key load the same attributes in the same order: the same JSON. */
export const projectionKey = (projection: Projection) =>
  JSON.stringify([
    projection.attributes.map((attribute) => attribute.key),
    projection.relationships.map(({ relationship, attributes }) => [
      relationship.key,
      attributes?.map((attribute) => attribute.key) ?? null,
    ]),
  ])

const appwriteDate = (expression: SQL) =>
  sql`to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"')`

/** The `$` attributes every document carries, as SQL select items with the given alias prefix. */
function internalColumns(alias: string, prefix: string): SQL[] {
  return [
    sql`${column(alias, 'id')} AS ${sql.identifier(`${prefix}$id`)}`,
    sql`${column(alias, 'sequence')}::text AS ${sql.identifier(`${prefix}$sequence`)}`,
    sql`${appwriteDate(column(alias, 'created_at'))} AS ${sql.identifier(`${prefix}$createdAt`)}`,
    sql`${appwriteDate(column(alias, 'updated_at'))} AS ${sql.identifier(`${prefix}$updatedAt`)}`,
  ]
}

const relationAlias = (index: number) => `r${index}`

export function projectionSql(projection: Projection, alias: string): { columns: SQL; joins: SQL } {
  const columns = internalColumns(alias, '')
  for (const attribute of projection.attributes) {
    columns.push(sql`${column(alias, attribute.column)} AS ${sql.identifier(attribute.key)}`)
  }
  const joins: SQL[] = []
  projection.relationships.forEach(({ relationship, target, attributes }, index) => {
    if (attributes === null) {
      columns.push(sql`${column(alias, relationship.column)} AS ${sql.identifier(relationship.key)}`)
      return
    }
    const joined = relationAlias(index)
    const prefix = `${relationship.key}.`
    joins.push(
      sql` LEFT JOIN ${sql.identifier(target.table)} ${sql.raw(joined)} ON ${column(joined, 'id')} = ${column(alias, relationship.column)}`,
    )
    columns.push(...internalColumns(joined, prefix))
    for (const attribute of attributes) {
      columns.push(sql`${column(joined, attribute.column)} AS ${sql.identifier(prefix + attribute.key)}`)
    }
  })
  return { columns: sql.join(columns, sql`, `), joins: sql.join(joins, sql``) }
}
