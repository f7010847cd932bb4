import { z } from 'zod'
import {
  demonstrationCasesSchema,
  httpUrlSchema,
  idSchema,
  lines,
  oneLine,
  projectLinksSchema,
  thumbnailUrlSchema,
} from './catalog'

/**
 * The entries of a catalogue file that `npm run admin -- catalog import` reads (README, "Catalogue
 * files"). Appwrite's document metadata (`$id`, `$createdAt`, …) is accepted: `$id` is the id and the
 * rest is ignored; any other unknown field is an error, so a misspelt column is never silently lost.
 */

/** Appwrite documents carry `$id` and other `$` fields; the file may use either `id` or `$id`. */
function withoutMetadata(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const entries = Object.entries(value).filter(([key]) => !key.startsWith('$') || key === '$id')
  return Object.fromEntries(entries.map(([key, item]) => [key === '$id' ? 'id' : key, item]))
}

const entry = <T extends z.ZodRawShape>(shape: T) => z.preprocess(withoutMetadata, z.strictObject(shape))

/** Empty text means "none", as a spreadsheet or an Appwrite dump writes it. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional())

/** Appwrite keeps these lists as JSON text; a file may hold the text or the list itself. */
const listOrJsonText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value
    if (value.trim() === '') return []
    try {
      return JSON.parse(value)
    } catch {
      return value
    }
  }, schema.optional())

const nameSchema = oneLine(z.string().trim().min(1, 'must not be empty').max(128))
const descriptionSchema = lines(z.string().max(2000))

/**
 * The fields of each collection as a file or the owner's console writes them: one definition for the
 * import and the console's documents (issue 13), so both accept and refuse the same values.
 */
export const categoryFields = { name: nameSchema, description: descriptionSchema.optional() }
export const tagFields = { name: nameSchema, description: descriptionSchema.optional() }

export const importedCategorySchema = entry({
  id: idSchema.optional(),
  ...categoryFields,
})
export type ImportedCategory = z.infer<typeof importedCategorySchema>

export const importedTagSchema = entry({
  id: idSchema.optional(),
  ...tagFields,
  /** What an export writes; always recounted from the projects' tags. */
  num_apps: z.number().int().min(0).optional(),
})
export type ImportedTag = z.infer<typeof importedTagSchema>

/**
 * A reference to a category or tag: an object (created or updated), or text that names an existing
 * id, else an existing name, else a new one by that name.
 */
const categoryReference = z.union([nameSchema, importedCategorySchema])
const tagReference = z.union([nameSchema, importedTagSchema])

export const projectFields = {
  title: oneLine(z.string().trim().min(1, 'must not be empty').max(300)),
  subtitle: optionalText(lines(z.string().max(500))),
  youtube_url: optionalText(httpUrlSchema),
  thumbnail_url: optionalText(thumbnailUrlSchema),
  problem_solved: optionalText(lines(z.string().max(10_000))),
  author: optionalText(oneLine(z.string().max(200))),
  project_links: listOrJsonText(projectLinksSchema),
  demonstration_cases: listOrJsonText(demonstrationCasesSchema),
}

export const importedProjectSchema = entry({
  id: idSchema.optional(),
  ...projectFields,
  category: optionalText(categoryReference),
  category_id: optionalText(idSchema),
  tags: z.array(tagReference).max(50).optional(),
  tag_ids: z.array(idSchema).max(50).optional(),
})
export type ImportedProject = z.infer<typeof importedProjectSchema>

/** A row of Appwrite's `project_tags` collection (its own id is not kept: links are named by their pair). */
export const importedProjectTagSchema = entry({
  id: idSchema.optional(),
  project_id: idSchema,
  tag_id: idSchema,
})
export type ImportedProjectTag = z.infer<typeof importedProjectTagSchema>

/** The sections of a catalogue file in object form; each is a list or an Appwrite list-documents dump. */
export const CATALOG_FILE_SECTIONS = ['categories', 'tags', 'projects', 'project_tags'] as const
export type CatalogFileSection = (typeof CATALOG_FILE_SECTIONS)[number]

/** Appwrite's answer to list documents: `{"total": n, "documents": [...]}`. */
export const documentListSchema = z.object({ total: z.number().optional(), documents: z.array(z.unknown()) })

/** The columns of a catalogue CSV file, one project per row; only `title` is required. */
export const CATALOG_CSV_COLUMNS = [
  'id',
  'title',
  'subtitle',
  'author',
  'category',
  'category_id',
  'tags',
  'tag_ids',
  'youtube_url',
  'thumbnail_url',
  'problem_solved',
  'links',
  'demonstration_cases',
] as const
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number]

export const catalogFileFormatSchema = z.enum(['json', 'csv'])
export type CatalogFileFormat = z.infer<typeof catalogFileFormatSchema>

/**
 * The `data` of a catalogue document the owner's console creates (every required field) or updates
 * (any of them), in Appwrite's shape: a project's `category` is the category's id or null, and
 * `project_tags` rows link a project and a tag. Unknown fields are refused, as the import refuses them.
 */
export const documentDataSchemas = {
  categories: z.strictObject(categoryFields),
  tags: z.strictObject(tagFields),
  projects: z.strictObject({ ...projectFields, category: optionalText(idSchema) }),
  project_tags: z.strictObject({ project_id: idSchema, tag_id: idSchema }),
} as const
export type DocumentData = {
  [K in keyof typeof documentDataSchemas]: z.infer<(typeof documentDataSchemas)[K]>
}
