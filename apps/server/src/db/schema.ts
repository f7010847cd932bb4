import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** Columns every row has: an Appwrite-style id, an insertion sequence and timestamps. */
const rowColumns = () => ({
  id: text('id').primaryKey(),
  sequence: bigserial('sequence', { mode: 'number' }).notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})

/**
 * Text matching reads a folded copy of a column with a trigram index (decision 016). Pending-list
 * updates are off: with them every search also reads up to 4 MB of unsorted entries until a vacuum,
 * which the embedded database never runs on its own.
 */
const foldedIndex = (name: string, folded: AnyPgColumn) =>
  index(name)
    .using('gin', sql`${folded} gin_trgm_ops`)
    .with({ fastupdate: false })

export const categories = pgTable(
  'categories',
  {
    ...rowColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    nameSearch: text('name_search').generatedAlwaysAs(sql`search_text(name)`),
  },
  (table) => [
    index('categories_name_idx').on(table.name, table.sequence),
    foldedIndex('categories_name_search_idx', table.nameSearch),
  ],
)

export const tags = pgTable(
  'tags',
  {
    ...rowColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    numApps: integer('num_apps').notNull().default(0),
    nameSearch: text('name_search').generatedAlwaysAs(sql`search_text(name)`),
  },
  (table) => [
    index('tags_num_apps_idx').on(table.numApps.desc(), table.sequence),
    index('tags_name_idx').on(table.name, table.sequence),
    foldedIndex('tags_name_search_idx', table.nameSearch),
  ],
)

export const projects = pgTable(
  'projects',
  {
    ...rowColumns(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    youtubeUrl: text('youtube_url'),
    thumbnailUrl: text('thumbnail_url'),
    problemSolved: text('problem_solved'),
    author: text('author'),
    projectLinks: text('project_links').notNull().default('[]'),
    demonstrationCases: text('demonstration_cases').notNull().default('[]'),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
    // Folded copies kept by PostgreSQL itself: searches and their rechecks read them instead of
    // calling unaccent on every candidate row.
    titleSearch: text('title_search').generatedAlwaysAs(sql`search_text(title)`),
    authorSearch: text('author_search').generatedAlwaysAs(sql`search_text(author)`),
  },
  (table) => [
    index('projects_category_idx').on(table.categoryId, table.sequence),
    foldedIndex('projects_title_search_idx', table.titleSearch),
    foldedIndex('projects_author_search_idx', table.authorSearch),
  ],
)

export const projectTags = pgTable(
  'project_tags',
  {
    ...rowColumns(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tagId: text('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    uniqueIndex('project_tags_pair_idx').on(table.projectId, table.tagId),
    index('project_tags_tag_idx').on(table.tagId, table.sequence),
  ],
)

export const users = pgTable(
  'users',
  {
    ...rowColumns(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    passwordUpdatedAt: timestamp('password_updated_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
    enabled: boolean('enabled').notNull().default(true),
    prefs: jsonb('prefs').$type<Record<string, unknown>>().notNull().default({}),
    accessedAt: timestamp('accessed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_idx').on(sql`lower(${table.email})`)],
)

export const sessions = pgTable(
  'sessions',
  {
    ...rowColumns(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the secret the browser holds; the secret itself is never stored. */
    secretHash: text('secret_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [index('sessions_user_idx').on(table.userId, table.sequence)],
)

export const tokens = pgTable(
  'tokens',
  {
    ...rowColumns(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('tokens_user_idx').on(table.userId)],
)

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true, precision: 3 }).notNull(),
})

/** One row; triggers bump `version` on every write to the catalogue, so caches know when to refresh. */
export const catalogState = pgTable('catalog_state', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
})
