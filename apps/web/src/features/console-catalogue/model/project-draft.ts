import { documentDataSchemas } from '@pg/shared/catalog-file'
import { z } from 'zod'
import { schemaIssueText } from '../../../lib/console/schema-issue-text'

/** A link of a project as the form edits it: both parts are text until checked. */
export interface LinkDraft {
  title: string
  url: string
}

/** A project as the console's form holds it: every field as typed, lists as lists. */
export interface ProjectDraft {
  title: string
  subtitle: string
  author: string
  categoryId: string
  youtubeUrl: string
  thumbnailUrl: string
  problemSolved: string
  links: LinkDraft[]
  demonstrationCases: string[]
  tagIds: string[]
}

export const emptyDraft = (): ProjectDraft => ({
  title: '',
  subtitle: '',
  author: '',
  categoryId: '',
  youtubeUrl: '',
  thumbnailUrl: '',
  problemSolved: '',
  links: [],
  demonstrationCases: [],
  tagIds: [],
})

const text = z.string().nullish()
const storedProjectSchema = z.object({
  title: z.string(),
  subtitle: text,
  author: text,
  youtube_url: text,
  thumbnail_url: text,
  problem_solved: text,
  project_links: z.unknown(),
  demonstration_cases: z.unknown(),
  // Expanded (`category.*`) or as its id.
  category: z.union([z.string(), z.object({ $id: z.string() })]).nullish(),
})

/** Appwrite keeps the lists as JSON text; a list is taken as it is; anything else is empty. */
function storedList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value
  if (typeof value !== 'string') return []
  try {
    const parsed: unknown = JSON.parse(value)
    return Array.isArray(parsed) ? parsed : []
  } catch {
    return []
  }
}

const linkSchema = z.object({ title: z.string(), url: z.string() })

/** The form's starting point for a stored project document and its tags. */
export function draftFromDocument(document: unknown, tagIds: string[]): ProjectDraft {
  const project = storedProjectSchema.parse(document)
  return {
    title: project.title,
    subtitle: project.subtitle ?? '',
    author: project.author ?? '',
    categoryId: typeof project.category === 'string' ? project.category : (project.category?.$id ?? ''),
    youtubeUrl: project.youtube_url ?? '',
    thumbnailUrl: project.thumbnail_url ?? '',
    problemSolved: project.problem_solved ?? '',
    links: storedList(project.project_links).flatMap((link) => {
      const parsed = linkSchema.safeParse(link)
      return parsed.success ? [parsed.data] : []
    }),
    demonstrationCases: storedList(project.demonstration_cases).filter(
      (item): item is string => typeof item === 'string',
    ),
    tagIds,
  }
}

/** The document's `data` as the server takes it: empty text is "none", as the import reads it. */
export function documentDataOf(draft: ProjectDraft): Record<string, unknown> {
  return {
    title: draft.title,
    subtitle: draft.subtitle,
    author: draft.author,
    category: draft.categoryId,
    youtube_url: draft.youtubeUrl,
    thumbnail_url: draft.thumbnailUrl,
    problem_solved: draft.problemSolved,
    project_links: draft.links,
    demonstration_cases: draft.demonstrationCases,
  }
}

/** A field of the form: a document field, or one item of a list (`links.2.url`, `demonstrationCases.0`). */
export type DraftErrors = Record<string, string>

const formFieldOf: Record<string, string> = {
  title: 'title',
  subtitle: 'subtitle',
  author: 'author',
  category: 'categoryId',
  youtube_url: 'youtubeUrl',
  thumbnail_url: 'thumbnailUrl',
  problem_solved: 'problemSolved',
  project_links: 'links',
  demonstration_cases: 'demonstrationCases',
}

/**
 * Checks a draft with the very schema the server and the catalogue import use (packages/shared), so
 * the form refuses exactly what they would, each problem under its own field, in the console's
 * language. Empty means valid.
 */
export function checkDraft(draft: ProjectDraft, language: string): DraftErrors {
  const parsed = documentDataSchemas.projects.safeParse(documentDataOf(draft))
  if (parsed.success) return {}
  const errors: DraftErrors = {}
  for (const issue of parsed.error.issues) {
    const [field, ...rest] = issue.path.map(String)
    const key = [formFieldOf[field ?? ''] ?? field, ...rest].join('.')
    errors[key] ??= schemaIssueText(issue, language)
  }
  return errors
}
