import type { PlannedProject } from './catalog-import-plan'
import type { ProjectRow } from './catalog-snapshot-repository'

/** A list kept as JSON text, written again the way an import writes it, to compare. */
function sameList(stored: string, planned: unknown[]): boolean {
  try {
    return JSON.stringify(JSON.parse(stored)) === JSON.stringify(planned)
  } catch {
    return false
  }
}

/**
 * Whether importing `project` would leave its stored row as it is: every field, and its tags in their
 * order when the file names them (a file that says nothing of tags leaves them alone).
 */
export function isStoredAs(project: PlannedProject, row: ProjectRow, storedTagIds: string[]): boolean {
  return (
    row.title === project.title &&
    row.subtitle === project.subtitle &&
    row.youtubeUrl === project.youtube_url &&
    row.thumbnailUrl === project.thumbnail_url &&
    row.problemSolved === project.problem_solved &&
    row.author === project.author &&
    row.categoryId === project.category_id &&
    sameList(row.projectLinks, project.project_links) &&
    sameList(row.demonstrationCases, project.demonstration_cases) &&
    (project.tag_ids === undefined || project.tag_ids.join('\n') === storedTagIds.join('\n'))
  )
}
