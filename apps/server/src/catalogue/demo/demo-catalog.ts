import type { Category, Project, ProjectLink, Tag } from '@pg/shared/catalog'
import * as words from './demo-vocabulary'
import {
  createSeededRandom,
  createZipfPicker,
  drawCount,
  itemAt,
  randomToken,
  sampleIndexes,
  type SeededRandom,
} from '../../platform/lib/seeded-random'

export interface DemoCatalog {
  categories: Category[]
  tags: Tag[]
  projects: Project[]
}

export const DEFAULT_DEMO_PROJECTS = 720
export const DEFAULT_DEMO_SEED = 20_240_601
export const MAX_DEMO_PROJECTS = 1_000_000

const AUTHOR_COUNT = 150
const MAX_TAGS_PER_PROJECT = 4
const UNCATEGORIZED_SHARE = 0.05
const YOUTUBE_SHARE = 0.85
const YOUTUBE_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

const TAG_COUNT_DISTRIBUTION = [0.08, 0.3, 0.62, 0.85]
const LINK_COUNT_DISTRIBUTION = [0.1, 0.45, 0.8]
const CASE_COUNT_DISTRIBUTION = [0.1, 0.35, 0.6, 0.82]

const LINK_KINDS: readonly ((handle: string, slug: string) => ProjectLink)[] = [
  (handle, slug) => ({ title: 'Código fuente', url: `https://github.com/${handle}/${slug}` }),
  (_handle, slug) => ({ title: 'Demo en vivo', url: `https://demo.example.com/${slug}` }),
  (_handle, slug) => ({ title: 'Documentación', url: `https://docs.example.com/${slug}` }),
  (handle, slug) => ({ title: 'Artículo explicativo', url: `https://blog.example.com/${handle}/${slug}` }),
]

interface Author {
  name: string
  handle: string
}

interface Generation {
  random: SeededRandom
  pickCategory: () => number
  pickTag: () => string
  pickAuthor: () => Author
  seenTitles: Set<string>
}

export function generateDemoCatalog(options: { projects?: number; seed?: number } = {}): DemoCatalog {
  const count = options.projects ?? DEFAULT_DEMO_PROJECTS
  const seed = options.seed ?? DEFAULT_DEMO_SEED
  if (!Number.isSafeInteger(count) || count < 0 || count > MAX_DEMO_PROJECTS) {
    throw new RangeError(`projects must be an integer between 0 and ${MAX_DEMO_PROJECTS}`)
  }
  if (!Number.isSafeInteger(seed)) throw new RangeError('seed must be an integer')

  const random = createSeededRandom(seed)
  const categories = words.DEMO_CATEGORIES.map(({ id, name, description }) => ({ id, name, description }))
  const tags = words.DEMO_TAGS.map((tag) => ({ ...tag }))
  const authors = createAuthors(random)
  // Mild skew for categories, strong (Zipf) skew for tags, and some prolific authors.
  const categoryRank = createZipfPicker(categories.length, 0.35)
  const tagRank = createZipfPicker(tags.length, 1)
  const authorRank = createZipfPicker(authors.length, 0.6)
  const generation: Generation = {
    random,
    pickCategory: () => categoryRank(random),
    pickTag: () => itemAt(tags, tagRank(random)).id,
    pickAuthor: () => itemAt(authors, authorRank(random)),
    seenTitles: new Set(),
  }
  const projects: Project[] = []
  for (let index = 1; index <= count; index++) {
    projects.push(createProject(`demo-${String(index).padStart(4, '0')}`, generation))
  }
  ensureEveryTagUsed(projects, tags, random)
  return { categories, tags, projects }
}

function createProject(id: string, generation: Generation): Project {
  const { random } = generation
  const uncategorized = random.chance(UNCATEGORIZED_SHARE)
  // Uncategorized projects still borrow a category's vocabulary so their titles stay plausible.
  const categoryIndex = uncategorized ? random.int(words.DEMO_CATEGORIES.length) : generation.pickCategory()
  const { title, object } = createTitle(generation, categoryIndex)
  const author = generation.pickAuthor()
  return {
    id,
    title,
    subtitle: `${random.pick(words.SUBTITLE_VERBS)} ${object} ${random.pick(words.SUBTITLE_BENEFITS)}.`,
    youtube_url: random.chance(YOUTUBE_SHARE) ? createYoutubeUrl(random) : null,
    thumbnail_url: `/media/thumbnails/${id}.svg`,
    problem_solved: createProblem(random, object),
    author: author.name,
    project_links: createLinks(random, author.handle, slugify(title)),
    demonstration_cases: sampleIndexes(
      random,
      words.DEMONSTRATION_CASES.length,
      drawCount(random, CASE_COUNT_DISTRIBUTION),
    ).map((index) => itemAt(words.DEMONSTRATION_CASES, index).replaceAll('{o}', object)),
    category_id: uncategorized ? null : itemAt(words.DEMO_CATEGORIES, categoryIndex).id,
    tag_ids: createTagIds(generation),
  }
}

function createTitle(generation: Generation, categoryIndex: number): { title: string; object: string } {
  const { random, seenTitles } = generation
  const vocabulary = itemAt(words.DEMO_CATEGORIES, categoryIndex)
  // Retries keep titles mostly unique; once thousands exist (benchmark sizes) duplicates are accepted.
  const retries = seenTitles.size < 5_000 ? 4 : 0
  for (let attempt = 0; ; attempt++) {
    const object = random.pick(vocabulary.objects)
    const qualifier = random.chance(0.85) ? ` ${random.pick(words.TITLE_QUALIFIERS)}` : ''
    const title = `${random.pick(vocabulary.heads)} de ${object}${qualifier}`
    if (!seenTitles.has(title) || attempt >= retries) {
      seenTitles.add(title)
      return { title, object }
    }
  }
}

function createProblem(random: SeededRandom, object: string): string {
  const opening = random
    .pick(words.PROBLEM_OPENINGS)
    .replaceAll('{o}', object)
    .replaceAll('{a}', random.pick(words.AUDIENCES))
  const solution = `Esta aplicación usa ${random.pick(words.SOLUTION_TECHNIQUES)} para ${random.pick(words.SOLUTION_ACTIONS)} y ${random.pick(words.SOLUTION_OUTCOMES)}.`
  return random.chance(0.5)
    ? `${opening} ${solution} ${random.pick(words.PROBLEM_CLOSINGS)}`
    : `${opening} ${solution}`
}

function createLinks(random: SeededRandom, handle: string, slug: string): ProjectLink[] {
  const kinds = sampleIndexes(random, LINK_KINDS.length, drawCount(random, LINK_COUNT_DISTRIBUTION))
  return kinds.sort((a, b) => a - b).map((index) => itemAt(LINK_KINDS, index)(handle, slug))
}

function createTagIds(generation: Generation): string[] {
  const wanted = drawCount(generation.random, TAG_COUNT_DISTRIBUTION)
  const ids: string[] = []
  for (let attempt = 0; ids.length < wanted && attempt < wanted * 10; attempt++) {
    const id = generation.pickTag()
    if (!ids.includes(id)) ids.push(id)
  }
  return ids
}

function createYoutubeUrl(random: SeededRandom): string {
  const videoId = randomToken(random, 11, YOUTUBE_ID_ALPHABET)
  const form = random.next()
  if (form < 0.5) return `https://www.youtube.com/watch?v=${videoId}`
  if (form < 0.62) return `https://www.youtube.com/watch?v=${videoId}&t=${5 + random.int(600)}s`
  if (form < 0.82) return `https://youtu.be/${videoId}`
  if (form < 0.9) return `https://youtu.be/${videoId}?si=${randomToken(random, 16, YOUTUBE_ID_ALPHABET)}`
  return `https://www.youtube.com/shorts/${videoId}`
}

function createAuthors(random: SeededRandom): Author[] {
  const names = new Set<string>()
  while (names.size < AUTHOR_COUNT) {
    const second = random.chance(0.35) ? ` ${random.pick(words.LAST_NAMES)}` : ''
    names.add(`${random.pick(words.FIRST_NAMES)} ${random.pick(words.LAST_NAMES)}${second}`)
  }
  return [...names].map((name) => ({
    name,
    handle: slugify(name) + (random.chance(0.3) ? random.int(100) : ''),
  }))
}

function ensureEveryTagUsed(projects: Project[], tags: readonly Tag[], random: SeededRandom): void {
  const used = new Set(projects.flatMap((project) => project.tag_ids))
  for (const tag of tags) {
    if (used.has(tag.id) || projects.length === 0) continue
    const start = random.int(projects.length)
    for (let offset = 0; offset < projects.length; offset++) {
      const project = itemAt(projects, (start + offset) % projects.length)
      // A project with fewer than the maximum cannot already hold an unused tag.
      if (project.tag_ids.length < MAX_TAGS_PER_PROJECT) {
        project.tag_ids.push(tag.id)
        used.add(tag.id)
        break
      }
    }
  }
}

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '')
}
