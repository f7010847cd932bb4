import { sql } from 'drizzle-orm'
import type { BlockedReason, OrderAccess, OrderProvider, OrderStatus } from '@pg/shared/purchase'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
    // The gallery's sorts, A–Z and newest first, read these in order (decisions 016, 029).
    index('projects_title_idx').on(table.title, table.sequence),
    index('projects_created_idx').on(table.createdAt, table.sequence),
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
    /** Appwrite's user labels (`admin` for the owner's console), distinct, in the order given. */
    labels: text('labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    prefs: jsonb('prefs').$type<Record<string, unknown>>().notNull().default({}),
    accessedAt: timestamp('accessed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * Why a member who is enabled still has no access (see `orders/access.ts`): `refunded` or `disputed`
     * (their purchase ended) or `inactive` (a year without signing in); null while they have access.
     */
    blockedReason: text('blocked_reason').$type<BlockedReason>(),
    /** When the member was told their account will be blocked for inactivity (once per inactive spell). */
    inactivityWarnedAt: timestamp('inactivity_warned_at', { withTimezone: true, precision: 3 }),
    /**
     * Whether the owner let this member in (created, imported or enabled them): access that no order's
     * refund or dispute ends (decision 057). False for a member an order made.
     */
    grantedByOwner: boolean('granted_by_owner').notNull().default(false),
    /**
     * When the member's previous visit ended (issue 32): `accessedAt` as it was when a request came after
     * more than three hours without one. "Novedades" are the projects added since. Null before a second visit.
     */
    previousVisitAt: timestamp('previous_visit_at', { withTimezone: true, precision: 3 }),
    /** The member's first sign-in, the funnel's last step (issue 33); null until they sign in. */
    firstSignedInAt: timestamp('first_signed_in_at', { withTimezone: true, precision: 3 }),
    /** Two-step verification on (issue 43): a session needs a second factor before it is signed in. */
    mfa: boolean('mfa').notNull().default(false),
    /** The authenticator app's TOTP secret, encrypted with a store key (`mfa-secrets`); never shown again. */
    totpSecret: text('totp_secret'),
    /** When the authenticator was confirmed with a first code; null while it waits for one. */
    totpVerifiedAt: timestamp('totp_verified_at', { withTimezone: true, precision: 3 }),
    /** The last time step whose code was accepted: a code is good once (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** SHA-256 of each unused recovery code (10, shown once); a code used is removed. */
    recoveryCodes: text('recovery_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(sql`lower(${table.email})`),
    index('users_accessed_idx').on(table.accessedAt),
  ],
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
    /** How the session was proved: `password` or `email` first, then `totp`, `email`, `recoverycode`. */
    factors: text('factors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When a second factor was last proved on this session (Appwrite's `mfaUpdatedAt`). */
    mfaUpdatedAt: timestamp('mfa_updated_at', { withTimezone: true, precision: 3 }),
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
    /**
     * For a sign-in code: the hash of the client address that asked for it (an IPv6 address by its /64).
     * Wrong tries from there and from anywhere else are counted apart (issue 40, L1).
     */
    requestedFrom: text('requested_from'),
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
  /**
   * When the catalogue first got projects (the demo, or the owner's first import), set by a trigger in
   * the same transaction, so equal to those projects' `created_at`: only projects added after it are
   * news (issue 28, item 13). Null while the catalogue has never held a project.
   */
  firstLoadedAt: timestamp('first_loaded_at', { withTimezone: true, precision: 3 }),
})

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

/**
 * A sale as the payment provider reports it, one row per provider order (a Stripe payment intent, a
 * Hotmart transaction, a Lemon Squeezy order, or a sale the owner recorded: provider `manual`). Buyer
 * fields stay null until an event names them: a refund may arrive before its purchase.
 */
export const orders = pgTable(
  'orders',
  {
    ...rowColumns(),
    provider: text('provider').$type<OrderProvider>().notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    name: text('name').notNull().default(''),
    product: text('product').notNull().default(''),
    /** In the currency's minor unit (cents), as every provider but Hotmart sends it. */
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency'),
    status: text('status').$type<OrderStatus>().notNull(),
    language: text('language').notNull().default('es'),
    purchasedAt: moment('purchased_at'),
    note: text('note').notNull().default(''),
    /** When the buyer's welcome or purchase email was queued: once per order. */
    notifiedAt: moment('notified_at'),
    /**
     * The provider's id of what was sold (a Stripe Payment Link, a Hotmart or Lemon Squeezy product),
     * which the owner's `*_PRODUCT_IDS` settings compare; null when no event named it.
     */
    productId: text('product_id'),
    /** What the order last did to its buyer's access (decision 057); null while it did nothing. */
    access: text('access').$type<OrderAccess>(),
    /** Why: what kept access (`owner`, `admin`, `order`) or why the order was ignored (`product`…). */
    accessDetail: text('access_detail')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The storefront campaign (`utm_campaign`) whose buy button led to this order, passed through the
     * provider's checkout (issue 33, decision 065); null when none was named.
     */
    campaign: text('campaign'),
  },
  (table) => [
    uniqueIndex('orders_provider_order_idx').on(table.provider, table.providerOrderId),
    index('orders_user_idx').on(table.userId),
    index('orders_email_idx').on(sql`lower(${table.email})`),
    index('orders_status_idx').on(table.status, table.sequence),
  ],
)

/** Every webhook delivery that changed or confirmed an order; a delivery seen again is not stored twice. */
export const orderEvents = pgTable(
  'order_events',
  {
    ...rowColumns(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<OrderProvider>().notNull(),
    /** The provider's own event id, or a hash of the delivery when the provider sends none. */
    eventId: text('event_id').notNull(),
    /** The provider's name for the event, e.g. `checkout.session.completed` or `PURCHASE_REFUNDED`. */
    type: text('type').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    occurredAt: moment('occurred_at').notNull(),
    /** What the event said that the order keeps (never the whole payload, never a secret). */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    /** What this event did to the buyer's access, as `orders.access`; null when it did nothing. */
    access: text('access').$type<OrderAccess>(),
    accessDetail: text('access_detail')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [
    uniqueIndex('order_events_delivery_idx').on(table.provider, table.eventId),
    index('order_events_order_idx').on(table.orderId, table.sequence),
  ],
)

/**
 * Emails to send, written in the same transaction as what caused them, so a crash loses none; the
 * message is composed when it is sent (a link's secret is never stored).
 */
export const emailQueue = pgTable(
  'email_queue',
  {
    ...rowColumns(),
    kind: text('kind').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('es'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    /** A sender holding the row until then; after it, another may try (the sender died). */
    lockedUntil: moment('locked_until'),
    sentAt: moment('sent_at'),
    lastError: text('last_error'),
    /** The weekly "what's new" email this row sends (issue 32): one per member and week at most. */
    newsEmailId: text('news_email_id').references((): AnyPgColumn => newsEmails.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('email_queue_due_idx').on(table.status, table.nextAttemptAt),
    uniqueIndex('email_queue_news_member_idx')
      .on(table.newsEmailId, table.userId)
      .where(sql`${table.newsEmailId} IS NOT NULL`),
  ],
)

/** Short-lived links to an order's download; each one issued counts as one download. */
export const downloadLinks = pgTable(
  'download_links',
  {
    ...rowColumns(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull().unique(),
    expiresAt: moment('expires_at').notNull(),
  },
  (table) => [index('download_links_order_idx').on(table.orderId)],
)

/** The owner's settings made with the CLI (download file, bonus links); they win over the environment. */
export const storeSettings = pgTable('store_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
})

/**
 * Every change made from the owner's console or the admin CLI (issue 13): who, what, when, and for a
 * console edit of the catalogue the row before and after. The member is named, not referenced, so the
 * history outlives them.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    ...rowColumns(),
    /**
     * `console` (a member with the admin label), `cli` (the owner on the store's machine) or `member` (a
     * member changing their own account, issue 31).
     */
    source: text('source').$type<'console' | 'cli' | 'member' | 'store' | 'key'>().notNull(),
    actorId: text('actor_id'),
    /** The admin's email, or `cli`. */
    actor: text('actor').notNull(),
    /** What was done: `document.update`, `member.disable`, `catalog import`… */
    action: text('action').notNull(),
    /** What it was done to: `projects/demo-0001`, `users/…`, a file name. */
    subject: text('subject').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_events_action_idx').on(table.action, table.sequence),
    index('audit_events_actor_idx').on(table.actor, table.sequence),
    index('audit_events_subject_idx').on(table.subject, table.sequence),
  ],
)

/**
 * The gallery's searches that found nothing (issue 13), by UTC day: the term as typed, normalised, and
 * how often it was searched. No member, session or address is kept (decision 044).
 */
export const searchesWithoutResults = pgTable(
  'searches_without_results',
  {
    day: date('day', { mode: 'string' }).notNull(),
    term: text('term').notNull(),
    count: integer('count').notNull(),
    lastSearchedAt: moment('last_searched_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.term] })],
)

/**
 * Keys the store makes for itself once and never shows (not settings: `settings list` prints those):
 * `sign-in-stand-in`, which gives an email that is no member's a stable stand-in id (decision 063).
 */
export const storeKeys = pgTable('store_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: moment('created_at').notNull().defaultNow(),
})

/**
 * A member's named collections of projects (issue 32): Appwrite documents of the `collections` collection
 * with document-level permissions. The owner always reads, updates and deletes their own (decision 064).
 * Ids are each member's own, so a create never says whether another member holds one (issue 40, L5); a
 * shared collection has an unguessable `share_id`, its link, by which any signed-in member may read it
 * (decision 070).
 */
export const memberCollections = pgTable(
  'member_collections',
  {
    ...rowColumns(),
    id: text('id').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The projects' ids in the member's order, distinct; a removed project's id stays until changed. */
    projectIds: text('project_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The member's order of their collections (smallest first; ties by creation). */
    position: integer('position').notNull().default(0),
    /** Null while private; a new one each time it is shared, so making it private ends a leaked link. */
    shareId: text('share_id'),
  },
  (table) => [
    primaryKey({ columns: [table.ownerId, table.id] }),
    index('member_collections_owner_idx').on(table.ownerId, table.position, table.sequence),
    uniqueIndex('member_collections_share_idx').on(table.shareId),
  ],
)

/**
 * Each week's look for new projects (issue 32): the projects added in (`since`, `until`] and how many
 * members were sent the "what's new" email (0 when there was nothing new, the store's switch was off or
 * nobody wanted it). The next look is a week after the last one's `until`.
 */
export const newsEmails = pgTable(
  'news_emails',
  {
    ...rowColumns(),
    since: moment('since').notNull(),
    until: moment('until').notNull(),
    projectCount: integer('project_count').notNull(),
    recipientCount: integer('recipient_count').notNull(),
  },
  (table) => [uniqueIndex('news_emails_until_idx').on(table.until)],
)

/**
 * The store's own analytics (issue 33, decision 065), as daily aggregates: how many times `metric` happened
 * for `key` on a UTC day (a page's views, a referrer's visits, a project's details opened…). Never one row
 * per event; each day and metric holds a bounded number of keys, the rest counted under `(other)`.
 */
export const analyticsCounts = pgTable(
  'analytics_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.metric, table.key] })],
)

/**
 * Today's salt for counting visitors without cookies (a random value made on the day's first visit):
 * a visitor is a hash of it with the address and browser, and both go when the day ends.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
})

/** Today's visitors' salted hashes (each counted once a day), bounded, deleted with the day's salt. */
export const analyticsVisitors = pgTable(
  'analytics_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.hash] })],
)

/** Members active in a week (its Monday), each as a keyed hash of their id: counted, never listed. */
export const analyticsActiveMembers = pgTable(
  'analytics_active_members',
  {
    week: date('week', { mode: 'string' }).notNull(),
    memberHash: text('member_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.week, table.memberHash] })],
)

/**
 * Synonyms the owner manages in the console (issue 34, decision 067): two sides of one to five words
 * each, stored folded as the search folds text ("ia" ↔ "inteligencia artificial"). A search for either
 * side also finds the projects with the other; they are applied to the query's words, not to the index,
 * so a change is searched at once. Migration 0017's triggers tell every process on `search_synonyms`.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: text('id').primaryKey(),
    oneSide: text('one_side').notNull(),
    otherSide: text('other_side').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('search_synonyms_sides_idx').on(table.oneSide, table.otherSide)],
)

/** How a version of the storefront came to be (issue 41, decision 073). */
export type StorefrontVersionSource = 'default' | 'publish' | 'restore' | 'import'

/**
 * The owner's storefront, one row per published version (issue 41, decision 073): version 1 is the
 * built-in content, written at the first start; each publish, restore or import adds the next one, never
 * changing an earlier one. The highest number is what visitors see. Who made it is named as the audit log
 * names them (no actor: the store itself, for version 1); `changed` lists the field paths that differ
 * from the version before (`landing.offer.price.amount`, `faq[2].answer.es`). Migration 0020's trigger
 * tells every process on `storefront`, which draws the pages again.
 */
export const storefrontVersions = pgTable('storefront_versions', {
  number: integer('number').primaryKey(),
  content: jsonb('content').$type<unknown>().notNull(),
  createdAt: moment('created_at').notNull().defaultNow(),
  actorSource: text('actor_source').$type<'console' | 'cli'>(),
  actorId: text('actor_id'),
  actorEmail: text('actor_email'),
  changed: text('changed').array().notNull(),
  restoredFrom: integer('restored_from'),
  source: text('source').$type<StorefrontVersionSource>().notNull(),
})

/**
 * The console's unpublished edits, one row at most (`id` is always 1): the whole content, its revision
 * (the `If-Match` a save or a publish must send, so two admins never overwrite each other silently) and
 * the version it started from.
 */
export const storefrontDraft = pgTable('storefront_draft', {
  id: integer('id').primaryKey(),
  /** Null when there is no draft: the row stays, so its revision never goes back (decision 073). */
  content: jsonb('content').$type<unknown>(),
  /**
   * What the console edits, numbered: bumped by every save, discard and publish, and by a restore or an
   * import while there is no draft, so a console that read an older state is refused (`If-Match`).
   */
  revision: integer('revision').notNull(),
  baseVersion: integer('base_version'),
  updatedAt: moment('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
})

/**
 * Backups to upload to the owner's bucket and how their uploads went (issue 42), one row a backup: the
 * durable queue the store retries from with backoff, and what the console's Settings show. `host` is
 * the machine whose DATA_DIR holds the file (several instances on one PostgreSQL each upload their own).
 */
export const backupUploads = pgTable(
  'backup_uploads',
  {
    /** The object's name in the bucket, under the prefix: `gallery-daily-….tar.gz.age`. */
    name: text('name').primaryKey(),
    kind: text('kind').$type<'daily' | 'manual'>().notNull(),
    file: text('file').notNull(),
    host: text('host').notNull(),
    /** The local backup's size and when it was made. */
    localBytes: bigint('local_bytes', { mode: 'number' }).notNull(),
    madeAt: moment('made_at').notNull(),
    status: text('status').$type<'pending' | 'uploaded' | 'abandoned'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: moment('last_attempt_at'),
    /** The reason code of the last failure (OFFSITE_FAILURES) and the owner's words for it. */
    lastReason: text('last_reason'),
    lastError: text('last_error'),
    uploadedAt: moment('uploaded_at'),
    /** The encrypted object's size in the bucket. */
    bytes: bigint('bytes', { mode: 'number' }),
  },
  (table) => [index('backup_uploads_due_idx').on(table.status, table.nextAttemptAt)],
)

/**
 * A second factor asked for (issue 43, Appwrite's MFA challenge): for `totp` and `recoverycode` the code
 * is checked against the member's; for `email` a code was emailed (its SHA-256 kept). One use, 15 minutes.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    factor: text('factor').$type<'totp' | 'email' | 'recoverycode'>().notNull(),
    codeHash: text('code_hash'),
    createdAt: moment('created_at').notNull().defaultNow(),
    expiresAt: moment('expires_at').notNull(),
  },
  (table) => [index('mfa_challenges_user_idx').on(table.userId)],
)

/**
 * An API key (issue 44, as Appwrite's): what it may do (`scopes`), until when, and the SHA-256 of its
 * secret, which is shown once and never kept. `revokedAt` ends it; the row stays for the audit log's names.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    ...rowColumns(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    /** The secret's first characters, for the owner to tell keys apart. */
    hint: text('hint').notNull(),
    expiresAt: moment('expires_at'),
    accessedAt: moment('accessed_at'),
    revokedAt: moment('revoked_at'),
  },
  (table) => [
    uniqueIndex('api_keys_live_name_idx')
      .on(table.name)
      .where(sql`revoked_at IS NULL`),
  ],
)

/**
 * Where the store posts its events (issue 44): the URL, the events it wants and its signing secret
 * (`whsec_…`), sealed with the store key `webhook-secrets`. The store turns an endpoint off after three
 * days of failed deliveries (`disabledReason` `failing`).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  ...rowColumns(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason').$type<'failing'>(),
  failingSince: moment('failing_since'),
  removedAt: moment('removed_at'),
})

/**
 * One event for one endpoint (issue 44), written in the transaction of the change that caused it. Its
 * id is the `webhook-id` of every attempt. Claimed by one sender at a time (`locked_until`, SKIP LOCKED).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    ...rowColumns(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The body as sent, byte for byte on every attempt (its signature covers it). */
    payload: text('payload').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    lockedUntil: moment('locked_until'),
    deliveredAt: moment('delivered_at'),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.sequence),
  ],
)

/** Every try of a delivery: the answer's status code (null without one), how long, and why it failed. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: moment('at').notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.at)],
)
