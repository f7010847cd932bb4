import {
  CATALOG_CSV_COLUMNS,
  CATALOG_FILE_SECTIONS,
  documentListSchema,
  importedCategorySchema,
  importedProjectSchema,
  importedProjectTagSchema,
  importedTagSchema,
  type CatalogCsvColumn,
  type CatalogFileFormat,
  type ImportedCategory,
  type ImportedProject,
  type ImportedProjectTag,
  type ImportedTag,
} from '@pg/shared/catalog-file'
import type { z } from 'zod'
import { containsNul } from '../../platform/appwrite/nul'
import { said, say, type ErrorMessage } from '../../platform/error-messages/error-message'
import { CsvSyntaxError, parseCsv, splitList, unescapeFormula } from '../../platform/lib/csv'

/**
 * Where in the file a problem is (`projects[3].youtube_url`, `row 5, youtube_url`) and why, in English as
 * the admin CLI prints them and the console's dry run lists them; `said`, the same for an answer in the
 * language its request asks for.
 */
export interface FileProblem {
  where: string
  reason: string
  said: ErrorMessage
}

/** How many problems of a file are told with their place (issue 28, item 5); the rest are counted. */
export const PROBLEMS_SHOWN = 100

/**
 * The problems of a file: the first `PROBLEMS_SHOWN` with their place and reason, and how many there are
 * in all. A file of 2 MB of `{}` has 700,000: wording each of them took seconds and an 80 MB answer.
 */
export interface FileProblems {
  shown: FileProblem[]
  count: number
}

export function collectProblems() {
  const problems = {
    shown: [] as FileProblem[],
    count: 0,
    /** Whether the next problems are only counted. */
    full: () => problems.shown.length >= PROBLEMS_SHOWN,
    add(where: string, reason: ErrorMessage) {
      problems.count++
      if (!problems.full())
        problems.shown.push({
          where,
          reason: say(reason, 'en'),
          said: said('fileProblem', { where: said('filePlace', { where }), reason }),
        })
    },
  }
  return problems
}

type ProblemCollector = ReturnType<typeof collectProblems>

/** JSON when the name or the first character says so, CSV otherwise. */
export function detectCatalogFormat(fileName: string, content: string): CatalogFileFormat {
  if (/\.json$/i.test(fileName)) return 'json'
  if (/\.csv$/i.test(fileName)) return 'csv'
  return /^\uFEFF?\s*[[{]/.test(content) ? 'json' : 'csv'
}

export interface Located<T> {
  where: string
  value: T
}

export interface CatalogFile {
  categories: Located<ImportedCategory>[]
  tags: Located<ImportedTag>[]
  projects: Located<ImportedProject>[]
  projectTags: Located<ImportedProjectTag>[]
}

const pathText = (path: readonly PropertyKey[]) =>
  path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')

/** Validates each entry on its own, so one bad entry does not hide the problems of the others. */
function validateEntries<T>(
  items: unknown[],
  schema: z.ZodType<T>,
  whereOf: (index: number) => string,
  describe: (where: string, path: readonly PropertyKey[]) => string,
  problems: ProblemCollector,
): Located<T>[] {
  const valid: Located<T>[] = []
  items.forEach((item, index) => {
    const where = whereOf(index)
    if (containsNul(item)) {
      problems.add(where, said('fileNul'))
      return
    }
    // Standard Schema's validate: a failing entry costs no ZodError, most of the time of 700,000 of them.
    const checked = schema['~standard'].validate(item)
    if (checked instanceof Promise) throw new TypeError('The catalogue file schemas are synchronous')
    if (!checked.issues) valid.push({ where, value: checked.value })
    else if (problems.full()) problems.count += checked.issues.length
    else
      // Worded from zod's own issues, with the refused value (`reportInput`) for the Spanish wording.
      for (const issue of schema.safeParse(item, { reportInput: true }).error?.issues ?? [])
        problems.add(describe(where, issue.path), said('schemaIssue', { issue }))
  })
  return valid
}

/** The list in a section: a plain list or an Appwrite list-documents dump. */
function sectionItems(
  value: unknown,
  where: string,
  problems: ProblemCollector,
): { items: unknown[]; base: string } {
  if (Array.isArray(value)) return { items: value, base: where }
  const dump = documentListSchema.safeParse(value)
  if (dump.success) return { items: dump.data.documents, base: where ? `${where}.documents` : 'documents' }
  problems.add(where, said('sectionNotList'))
  return { items: [], base: where }
}

function readJson(content: string, problems: ProblemCollector): CatalogFile {
  const file: CatalogFile = { categories: [], tags: [], projects: [], projectTags: [] }
  let data: unknown
  try {
    data = JSON.parse(content)
  } catch (error) {
    problems.add('file', said('fileNotJson', { detail: error instanceof Error ? error.message : '' }))
    return file
  }
  const jsonPath = (where: string, path: readonly PropertyKey[]) => `${where}${pathText(path)}`
  const sectionsObject =
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    CATALOG_FILE_SECTIONS.some((section) => section in data)
      ? data
      : undefined
  const isSections = sectionsObject !== undefined
  const sections: Record<string, unknown> = sectionsObject
    ? Object.fromEntries(Object.entries(sectionsObject))
    : { projects: data }
  if (!isSections && !Array.isArray(data) && !documentListSchema.safeParse(data).success) {
    problems.add('file', said('fileShape'))
    return file
  }
  for (const key of Object.keys(sections)) {
    if (!CATALOG_FILE_SECTIONS.some((section) => section === key)) {
      problems.add(key, said('unknownSection', { expected: CATALOG_FILE_SECTIONS }))
    }
  }
  const read = <T>(section: string, schema: z.ZodType<T>): Located<T>[] => {
    if (sections[section] === undefined) return []
    const { items, base } = sectionItems(sections[section], isSections ? section : '', problems)
    return validateEntries(items, schema, (index) => `${base}[${index}]`, jsonPath, problems)
  }
  file.categories = read('categories', importedCategorySchema)
  file.tags = read('tags', importedTagSchema)
  file.projects = read('projects', importedProjectSchema)
  file.projectTags = read('project_tags', importedProjectTagSchema)
  return file
}

const fieldToColumn: Record<string, CatalogCsvColumn> = { project_links: 'links' }
const isColumn = (name: string): name is CatalogCsvColumn =>
  CATALOG_CSV_COLUMNS.some((column) => column === name)

/** One project per row; lists as `|`-separated items; links as `title|url` pairs. */
function readCsv(content: string, problems: ProblemCollector): CatalogFile {
  const file: CatalogFile = { categories: [], tags: [], projects: [], projectTags: [] }
  let rows: string[][]
  try {
    rows = parseCsv(content)
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error
    problems.add('file', said('notValidCsv', { reason: error.said }))
    return file
  }
  const [header = [], ...records] = rows
  const columns = header.map((name) => name.trim().toLowerCase())
  columns.forEach((name, index) => {
    if (!isColumn(name))
      problems.add(
        `header, column ${index + 1}`,
        said('unknownColumn', { name, expected: CATALOG_CSV_COLUMNS }),
      )
  })
  if (!columns.includes('title')) problems.add('header', said('titleColumnRequired'))
  if (problems.count > 0) return file
  const projects: unknown[] = []
  const rowNumbers: number[] = []
  records.forEach((record, index) => {
    const rowNumber = index + 2
    if (record.every((cell) => cell.trim() === '')) return
    if (record.length !== columns.length) {
      problems.add(`row ${rowNumber}`, said('fieldCount', { fields: record.length, columns: columns.length }))
      return
    }
    // An export escapes cells against formula injection; reading undoes exactly that (csv.ts).
    const cells = new Map(columns.map((name, column) => [name, unescapeFormula(record[column] ?? '')]))
    const project: Record<string, unknown> = {}
    for (const [name, cell] of cells) {
      if (name === 'links') {
        const parts = splitList(cell)
        if (parts.length % 2 === 1) {
          problems.add(`row ${rowNumber}, links`, said('linksNotPairs'))
          continue
        }
        project.project_links = parts.flatMap((part, at) =>
          at % 2 === 0 ? [{ title: part, url: parts[at + 1] }] : [],
        )
      } else if (name === 'tags' || name === 'tag_ids' || name === 'demonstration_cases') {
        project[name] = splitList(cell)
      } else if (name === 'id' || name === 'category_id') {
        if (cell.trim() !== '') project[name] = cell.trim()
      } else project[name] = cell
    }
    pairNamesWithIds(project, rowNumber, problems)
    projects.push(project)
    rowNumbers.push(rowNumber)
  })
  file.projects = validateEntries(
    projects,
    importedProjectSchema,
    (index) => `row ${rowNumbers[index] ?? '?'}`,
    (where, path) => {
      const [field] = path
      const name = typeof field === 'string' ? (fieldToColumn[field] ?? field) : ''
      return name ? `${where}, ${name}` : where
    },
    problems,
  )
  return file
}

/**
 * With both `category` and `category_id` (or `tags` and `tag_ids`) a row names each by id and name, as
 * an export writes them: they become objects, so an unknown id is created with its name.
 */
function pairNamesWithIds(project: Record<string, unknown>, rowNumber: number, problems: ProblemCollector) {
  if (
    typeof project.category_id === 'string' &&
    typeof project.category === 'string' &&
    project.category.trim()
  ) {
    project.category = { id: project.category_id, name: project.category }
    delete project.category_id
  }
  const names = project.tags
  const ids = project.tag_ids
  if (Array.isArray(names) && Array.isArray(ids) && ids.length > 0) {
    if (names.length !== ids.length) {
      problems.add(`row ${rowNumber}, tag_ids`, said('tagIdsCount', { ids: ids.length, tags: names.length }))
      return
    }
    project.tags = names.map((name: unknown, index) => ({ id: ids[index], name }))
    delete project.tag_ids
  }
}

export interface ReadCatalogFile {
  file: CatalogFile
  problems: FileProblems
}

export function readCatalogFile(content: string, format: CatalogFileFormat): ReadCatalogFile {
  const problems = collectProblems()
  const file = format === 'json' ? readJson(content, problems) : readCsv(content, problems)
  return { file, problems: { shown: problems.shown, count: problems.count } }
}
