import type { Worker } from 'node:worker_threads'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { generateDemoCatalog } from '../../src/catalogue/demo/demo-catalog'
import { findPage, type PageAsk, type PageFinder } from '../../src/catalogue/search/page-finder'
import type { ProjectIndex } from '../../src/catalogue/search/project-index'
import { createSearchWorker } from '../../src/catalogue/search/search-worker-client'
import { buildDemoIndex } from '../support/demo-index'

/**
 * The search worker (decision 055) answers exactly what finding the page here answers, for every kind of
 * ask, on the versions it was sent; a worker that ends costs no answer.
 */
const catalog = generateDemoCatalog({ projects: 1500 })

const buildIndex = (version: string, projects = catalog.projects) =>
  buildDemoIndex(catalog, { version, projects, titleRank: Int32Array.from(projects.keys()).reverse() })

const RELEVANCE = { by: 'relevance', direction: 'asc', tieBreak: 'asc' } as const
const NEWEST = { by: '$createdAt', direction: 'desc', tieBreak: 'asc' } as const
const BY_SEQUENCE = { by: '$sequence', direction: 'asc', tieBreak: 'asc' } as const

/** Asks of every kind: first pages, pages after and before a cursor, with totals, in each order. */
const asks: PageAsk[] = [
  ...['asistente datos', 'asistnte virtal', 'generador de im', 'voz', '', 'zzzz'].flatMap((text) => [
    { search: 'text' as const, text, order: RELEVANCE, cursor: null, offset: 0, limit: 20, withTotal: false },
    { search: 'text' as const, text, order: RELEVANCE, cursor: null, offset: 5, limit: 10, withTotal: true },
    {
      search: 'text' as const,
      text,
      order: RELEVANCE,
      cursor: { position: 40, direction: 'after' as const },
      offset: 0,
      limit: 20,
      withTotal: false,
    },
    { search: 'text' as const, text, order: NEWEST, cursor: null, offset: 0, limit: 25, withTotal: false },
  ]),
  ...[['asistente'], ['de', 'voz'], [''], ['xyz']].flatMap((values) => [
    {
      search: 'title' as const,
      values,
      order: BY_SEQUENCE,
      cursor: null,
      offset: 0,
      limit: 20,
      withTotal: true,
    },
    {
      search: 'title' as const,
      values,
      order: BY_SEQUENCE,
      cursor: { position: 700, direction: 'before' as const },
      offset: 2,
      limit: 20,
      withTotal: false,
    },
    { search: 'title' as const, values, order: NEWEST, cursor: null, offset: 0, limit: 20, withTotal: false },
  ]),
]

let index: ProjectIndex
let finder: PageFinder | null = null
beforeAll(async () => {
  index = await buildIndex('v1')
})
afterEach(async () => {
  await finder?.close()
  finder = null
})

describe('the search worker', () => {
  it('answers every kind of ask as finding the page here does', async () => {
    const workers: Worker[] = []
    finder = createSearchWorker({ onError: () => undefined, onWorker: (worker) => workers.push(worker) })
    const pages = await Promise.all(asks.map((ask) => finder?.find(index, ask)))
    pages.forEach((page, at) => {
      const ask = asks[at] as PageAsk
      expect(page, JSON.stringify(ask)).toEqual(findPage(index, ask))
    })
    // Not vacuous: the pages hold projects, and one worker found them all.
    expect(pages.filter((page) => (page?.page.length ?? 0) > 0).length).toBeGreaterThan(asks.length / 2)
    expect(workers).toHaveLength(1)
  })

  it('searches each version it was sent, three versions in turn', async () => {
    const smaller = await buildIndex('v2', catalog.projects.slice(0, 400))
    const third = await buildIndex('v3', catalog.projects.slice(200, 900))
    finder = createSearchWorker({ onError: () => undefined })
    for (const current of [index, smaller, third, index, smaller]) {
      const ask = asks[0] as PageAsk
      expect(await finder.find(current, ask), current.version).toEqual(findPage(current, ask))
    }
  })

  it('loses no answer when the worker ends: those it was finding are found here, and it starts again', async () => {
    const workers: Worker[] = []
    const errors: unknown[] = []
    finder = createSearchWorker({
      onError: (error) => errors.push(error),
      onWorker: (worker) => workers.push(worker),
    })
    const ask = asks[1] as PageAsk
    const expected = findPage(index, ask)
    for (let end = 1; end <= 4; end++) {
      const pending = Array.from({ length: 20 }, () => finder?.find(index, ask))
      await workers.at(-1)?.terminate()
      for (const page of await Promise.all(pending)) expect(page).toEqual(expected)
      expect(await finder.find(index, ask)).toEqual(expected)
    }
    // Reported each time; after three starts the pages are found on the main thread.
    expect(errors.length).toBeGreaterThanOrEqual(3)
    expect(workers).toHaveLength(3)
  })

  it('answers what is pending when closed, and finds pages here after', async () => {
    finder = createSearchWorker({ onError: () => undefined })
    const ask = asks[0] as PageAsk
    const pending = finder.find(index, ask)
    await finder.close()
    expect(await pending).toEqual(findPage(index, ask))
    expect(await finder.find(index, ask)).toEqual(findPage(index, ask))
  })
})
