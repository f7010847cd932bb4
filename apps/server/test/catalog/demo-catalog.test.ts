import { describe, it, expect } from 'vitest'
import { categorySchema, projectSchema, tagSchema } from '@pg/shared/catalog'
import { ID_PATTERN } from '@pg/shared/constants'
import { generateDemoCatalog } from '../../src/catalogue/demo/demo-catalog'

const catalog = generateDemoCatalog()
const { categories, tags, projects } = catalog

const share = (predicate: (project: (typeof projects)[number]) => boolean): number =>
  projects.filter(predicate).length / projects.length

describe('generateDemoCatalog', () => {
  it('is deterministic for the same options and varies with the seed', () => {
    expect(generateDemoCatalog()).toEqual(catalog)
    expect(generateDemoCatalog({ projects: 50, seed: 1 })).toEqual(
      generateDemoCatalog({ projects: 50, seed: 1 }),
    )
    const other = generateDemoCatalog({ seed: 2 })
    expect(other.projects).not.toEqual(projects)
    expect(other.projects.map((project) => project.title)).not.toEqual(
      projects.map((project) => project.title),
    )
  })

  it('has the default size and enough categories and tags', () => {
    expect(projects.length).toBe(720)
    expect(categories.length).toBeGreaterThanOrEqual(12)
    expect(tags.length).toBeGreaterThanOrEqual(60)
    expect(generateDemoCatalog({ projects: 0 }).projects).toEqual([])
  })

  it('produces objects that the shared schemas accept unchanged', () => {
    for (const category of categories) expect(categorySchema.parse(category)).toEqual(category)
    for (const tag of tags) expect(tagSchema.parse(tag)).toEqual(tag)
    for (const project of projects) expect(projectSchema.parse(project)).toEqual(project)
  })

  it('uses unique ids in the expected formats', () => {
    const ids = [...categories, ...tags, ...projects].map((entity) => entity.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(ID_PATTERN)
    expect(projects[0]?.id).toBe('demo-0001')
    expect(projects.at(-1)?.id).toBe('demo-0720')
    for (const category of categories) expect(category.id).toMatch(/^cat-[a-z0-9-]+$/)
    for (const tag of tags) expect(tag.id).toMatch(/^tag-[a-z0-9-]+$/)
    for (const project of projects) expect(project.thumbnail_url).toBe(`/media/thumbnails/${project.id}.svg`)
  })

  it('leaves about 5% of projects uncategorized and references existing categories otherwise', () => {
    const categoryIds = new Set(categories.map((category) => category.id))
    const uncategorized = share((project) => project.category_id === null)
    expect(uncategorized).toBeGreaterThan(0.02)
    expect(uncategorized).toBeLessThan(0.09)
    for (const project of projects) {
      if (project.category_id !== null) expect(categoryIds.has(project.category_id)).toBe(true)
    }
    const usedCategories = new Set(projects.map((project) => project.category_id))
    for (const id of categoryIds) expect(usedCategories.has(id)).toBe(true)
  })

  it('gives each project 0-4 distinct existing tags, uses every tag, and skews usage', () => {
    const tagIds = new Set(tags.map((tag) => tag.id))
    const usage = new Map<string, number>()
    for (const project of projects) {
      expect(project.tag_ids.length).toBeLessThanOrEqual(4)
      expect(new Set(project.tag_ids).size).toBe(project.tag_ids.length)
      for (const id of project.tag_ids) {
        expect(tagIds.has(id)).toBe(true)
        usage.set(id, (usage.get(id) ?? 0) + 1)
      }
    }
    expect(usage.size).toBe(tags.length)
    const counts = [...usage.values()].sort((a, b) => b - a)
    expect(counts[0] ?? 0).toBeGreaterThan(10 * (counts.at(-1) ?? 0))
    expect(share((project) => project.tag_ids.length === 0)).toBeGreaterThan(0)
    expect(share((project) => project.tag_ids.length === 4)).toBeGreaterThan(0)
  })

  it('writes varied Spanish text with accents', () => {
    const titles = projects.map((project) => project.title)
    expect(new Set(titles).size).toBeGreaterThan(0.95 * titles.length)
    expect(titles.filter((title) => /[áéíóúñü]/i.test(title)).length).toBeGreaterThan(0.1 * titles.length)
    for (const project of projects) {
      expect(project.subtitle).toMatch(/^[A-ZÁÉÍÓÚ].*\.$/)
      const sentences = (project.problem_solved ?? '').match(/\.(\s|$)/g) ?? []
      expect(sentences.length).toBeGreaterThanOrEqual(2)
      expect(sentences.length).toBeLessThanOrEqual(3)
    }
    const authors = new Set(projects.map((project) => project.author))
    expect(authors.size).toBeGreaterThan(100)
    expect(authors.size).toBeLessThanOrEqual(150)
    expect([...authors].some((author) => /[áéíóúñ]/i.test(author ?? ''))).toBe(true)
  })

  it('has 0-3 https links on example-style hosts and 0-4 demonstration cases, sometimes none', () => {
    const hosts = new Set(['github.com', 'demo.example.com', 'docs.example.com', 'blog.example.com'])
    for (const project of projects) {
      expect(project.project_links.length).toBeLessThanOrEqual(3)
      expect(project.demonstration_cases.length).toBeLessThanOrEqual(4)
      expect(new Set(project.demonstration_cases).size).toBe(project.demonstration_cases.length)
      for (const link of project.project_links) {
        const url = new URL(link.url)
        expect(url.protocol).toBe('https:')
        expect(hosts.has(url.hostname)).toBe(true)
        expect(url.pathname).toMatch(/^\/[a-z0-9/-]+$/)
      }
    }
    const noLinks = share((project) => project.project_links.length === 0)
    const noCases = share((project) => project.demonstration_cases.length === 0)
    expect(noLinks).toBeGreaterThan(0.05)
    expect(noLinks).toBeLessThan(0.15)
    expect(noCases).toBeGreaterThan(0.05)
    expect(noCases).toBeLessThan(0.15)
  })

  it('sets a YouTube URL on about 85% of projects, in several realistic forms', () => {
    const withVideo = share((project) => project.youtube_url !== null)
    expect(withVideo).toBeGreaterThanOrEqual(0.8)
    expect(withVideo).toBeLessThanOrEqual(0.9)
    const forms = [
      /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/,
      /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}&t=\d+s$/,
      /^https:\/\/youtu\.be\/[\w-]{11}$/,
      /^https:\/\/youtu\.be\/[\w-]{11}\?si=[\w-]{16}$/,
      /^https:\/\/www\.youtube\.com\/shorts\/[\w-]{11}$/,
    ]
    const seen = new Set<number>()
    for (const project of projects) {
      if (project.youtube_url === null) continue
      const form = forms.findIndex((pattern) => pattern.test(project.youtube_url ?? ''))
      expect(form, project.youtube_url).toBeGreaterThanOrEqual(0)
      seen.add(form)
    }
    expect(seen.size).toBe(forms.length)
  })

  it('rejects invalid options', () => {
    expect(() => generateDemoCatalog({ projects: -1 })).toThrow(RangeError)
    expect(() => generateDemoCatalog({ projects: 1.5 })).toThrow(RangeError)
    expect(() => generateDemoCatalog({ seed: Number.NaN })).toThrow(RangeError)
  })

  it('generates 100,000 projects quickly with unique ids', { timeout: 15_000 }, () => {
    // This thread's CPU time, not the clock's: on a 2-core machine running other test files at once, the
    // clock also counts the time the generator waited for a core.
    const started = process.threadCpuUsage()
    const large = generateDemoCatalog({ projects: 100_000 })
    const used = process.threadCpuUsage(started)
    expect((used.user + used.system) / 1000).toBeLessThan(5_000)
    expect(large.projects.length).toBe(100_000)
    const ids = new Set(large.projects.map((project) => project.id))
    expect(ids.size).toBe(100_000)
    expect(large.projects.at(-1)?.id).toBe('demo-100000')
    expect('demo-100000').toMatch(ID_PATTERN)
    expect(large.projects.slice(0, 720).map((project) => project.id)).toEqual(
      projects.map((project) => project.id),
    )
  })
})
