/** Business constants from the product specification (seed-spec section 9). */
export const PAGE_SIZE = 20
export const TAGS_SHOWN = 25
export const SEARCH_MIN_CHARS = 3
export const SEARCH_DEBOUNCE_MS = 500

/** The label of the store's owners and staff: they may use the owner's console (issue 13). */
export const ADMIN_LABEL = 'admin'

/** Defaults for the Appwrite-compatible API; both are configuration. */
export const DEFAULT_PROJECT_ID = 'projects-gallery'
export const DEFAULT_DATABASE_ID = 'gallery'

export const COLLECTION_IDS = {
  projects: 'projects',
  categories: 'categories',
  tags: 'tags',
  projectTags: 'project_tags',
} as const

/** What the web app shows for a project without a category (seed-spec section 3). */
export const UNCATEGORIZED = { id: 'uncategorized', name: 'Uncategorized', description: '' } as const

/** Appwrite-style ids: at most 36 characters of [a-zA-Z0-9._-], not starting with a special character. */
export const ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/

/** Password bounds (ASVS 2.1.1/2.1.2): no composition rules, long passphrases welcome. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 256

/** What the gallery reads for a project card and its detail modal (seed-spec section 7). */
export const PROJECT_CARD_FIELDS = [
  'title',
  'subtitle',
  'youtube_url',
  'thumbnail_url',
  'problem_solved',
  'author',
  'project_links',
  'demonstration_cases',
  'category.*',
] as const
