import { z } from 'zod/mini'
import { UNCATEGORIZED } from '@pg/shared/constants'
import { isHttpUrl, isThumbnailUrl } from '@pg/shared/urls'

export interface ProjectLink {
  title: string
  url: string
}

export interface ProjectCategory {
  id: string
  name: string
}

/** A project as the gallery shows it: every list is a list and every link is http(s). */
export interface GalleryProject {
  id: string
  title: string
  subtitle: string
  youtubeUrl: string | null
  thumbnailUrl: string | null
  problemSolved: string
  author: string
  links: ProjectLink[]
  demonstrationCases: string[]
  category: ProjectCategory
  /** When the project was added to the catalogue (`$createdAt`); null when unknown. */
  createdAt: string | null
}

const optionalText = z.optional(z.nullable(z.string()))

const projectDocumentSchema = z.object({
  $id: z.string(),
  $createdAt: optionalText,
  title: z.string(),
  subtitle: optionalText,
  youtube_url: optionalText,
  thumbnail_url: optionalText,
  problem_solved: optionalText,
  author: optionalText,
  project_links: z.optional(z.unknown()),
  demonstration_cases: z.optional(z.unknown()),
  category: z.optional(z.nullable(z.object({ $id: z.string(), name: z.string() }))),
})

/** List fields are stored as JSON text; an array is taken as it is; anything else is an empty list. */
function jsonList(value: unknown): unknown[] {
  let parsed = value
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value)
    } catch {
      return []
    }
  }
  return Array.isArray(parsed) ? parsed : []
}

const linkSchema = z.object({ title: z.optional(z.unknown()), url: z.string() })

function projectLinks(value: unknown): ProjectLink[] {
  return jsonList(value).flatMap((item) => {
    const link = linkSchema.safeParse(item)
    if (!link.success) return []
    const url = link.data.url.trim()
    if (!isHttpUrl(url)) return []
    const title = typeof link.data.title === 'string' && link.data.title.trim() ? link.data.title.trim() : url
    return [{ title, url }]
  })
}

function demonstrationCases(value: unknown): string[] {
  return jsonList(value).flatMap((item) => (typeof item === 'string' && item.trim() ? [item.trim()] : []))
}

/**
 * Thumbnails are the store's own media (`/media/…`) or http(s) images, by the rules the import applies
 * (decision 023); a catalogue stored before those rules may hold anything else, which is never loaded.
 */
function thumbnailUrl(value: string | null | undefined): string | null {
  return value && isThumbnailUrl(value) ? value : null
}

/** A document from the API, checked at the boundary; null when it is not a project at all. */
export function toGalleryProject(document: unknown): GalleryProject | null {
  const parsed = projectDocumentSchema.safeParse(document)
  if (!parsed.success) return null
  const project = parsed.data
  const youtubeUrl = project.youtube_url?.trim()
  return {
    id: project.$id,
    title: project.title,
    subtitle: project.subtitle ?? '',
    youtubeUrl: youtubeUrl && isHttpUrl(youtubeUrl) ? youtubeUrl : null,
    thumbnailUrl: thumbnailUrl(project.thumbnail_url?.trim()),
    problemSolved: project.problem_solved ?? '',
    author: project.author ?? '',
    links: projectLinks(project.project_links),
    demonstrationCases: demonstrationCases(project.demonstration_cases),
    category: project.category
      ? { id: project.category.$id, name: project.category.name }
      : { id: UNCATEGORIZED.id, name: UNCATEGORIZED.name },
    createdAt: project.$createdAt ?? null,
  }
}
