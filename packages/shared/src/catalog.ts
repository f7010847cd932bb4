import { z } from 'zod'
import { ID_PATTERN } from './constants'
import { multiLineText, singleLineText } from './plain-text'
import { isHttpUrl, isThumbnailUrl } from './urls'

/**
 * Text stored without control characters (decision 058), whether an import or the console writes it:
 * `oneLine` for names and titles (tabs and line breaks become spaces), `lines` for what is several lines
 * by nature (descriptions, the problem solved), which keeps tabs and `\n`. Checked after cleaning.
 */
export const oneLine = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.string().transform(singleLineText).pipe(schema)
export const lines = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.string().transform(multiLineText).pipe(schema)

export const idSchema = z
  .string()
  .regex(ID_PATTERN, 'must be 1-36 characters of a-z, A-Z, 0-9, ".", "_" or "-"')

/** Only http(s) links are ever stored or rendered. */
export const httpUrlSchema = z.string().trim().max(2048).refine(isHttpUrl, 'must be an http(s) URL')

/** Thumbnails may also be the store's own images (the demo catalogue's `/media/thumbnails/…`). */
export const thumbnailUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(isThumbnailUrl, 'must be an http(s) URL or a path under /media/ on this store')

export const projectLinkSchema = z.object({
  title: oneLine(z.string().trim().min(1).max(200)),
  url: httpUrlSchema,
})
export type ProjectLink = z.infer<typeof projectLinkSchema>

export const projectLinksSchema = z.array(projectLinkSchema).max(50)
export const demonstrationCasesSchema = z.array(lines(z.string().trim().min(1).max(1000))).max(50)

export const categorySchema = z.object({
  id: idSchema,
  name: z.string().trim().min(1).max(128),
  description: z.string().max(2000).default(''),
})
export type Category = z.infer<typeof categorySchema>

export const tagSchema = z.object({
  id: idSchema,
  name: z.string().trim().min(1).max(128),
  description: z.string().max(2000).default(''),
})
export type Tag = z.infer<typeof tagSchema>

/** A project as the catalogue stores it; list fields are kept as JSON text (seed-spec section 3). */
export const projectSchema = z.object({
  id: idSchema,
  title: z.string().trim().min(1).max(300),
  subtitle: z.string().max(500).nullable(),
  youtube_url: httpUrlSchema.nullable(),
  thumbnail_url: thumbnailUrlSchema.nullable(),
  problem_solved: z.string().max(10_000).nullable(),
  author: z.string().max(200).nullable(),
  project_links: projectLinksSchema,
  demonstration_cases: demonstrationCasesSchema,
  category_id: idSchema.nullable(),
  tag_ids: z.array(idSchema).max(50),
})
export type Project = z.infer<typeof projectSchema>
