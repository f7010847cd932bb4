import { render, screen } from '@testing-library/react'
import { queryWords } from '@pg/shared/search-text'
import { describe, expect, it } from 'vitest'
import { ProjectCard } from '../../src/features/gallery/components/project-card'
import { isNewProject } from '@pg/shared/new-project'
import { toGalleryProject, type GalleryProject } from '../../src/features/gallery/model/project'

const DAY = 24 * 60 * 60 * 1000
const now = Date.parse('2026-03-31T12:00:00.000Z')

function project(overrides: Record<string, unknown> = {}): GalleryProject {
  const parsed = toGalleryProject({
    $id: 'p-1',
    $createdAt: new Date(now - 40 * DAY).toISOString(),
    title: 'Asistente Virtual para Pymes',
    subtitle: 'Un asistente que responde correos',
    ...overrides,
  })
  if (!parsed) throw new Error('not a project')
  return parsed
}

const card = (shown: GalleryProject, isNew: boolean, search = '') =>
  render(
    <ProjectCard
      project={shown}
      eager={false}
      isNew={isNew}
      highlight={queryWords(search)}
      onOpen={() => undefined}
      favoriteToggle={null}
    />,
  )
const marked = () => screen.queryAllByRole('mark').map((mark) => mark.textContent)

describe('a card found by a search', () => {
  it('marks the words the search matched, typos and the start of the last word included', () => {
    card(project(), false, 'asistnte virt')
    expect(marked()).toEqual(['Asistente', 'Virtual', 'asistente'])
    expect(screen.getByRole('heading')).toHaveTextContent('Asistente Virtual para Pymes')
  })

  it('marks accented words found without accents, and nothing without a search', () => {
    card(project({ title: 'Diseño de Canción' }), false, 'diseno cancion')
    expect(marked()).toEqual(['Diseño', 'Canción'])
  })

  it('marks nothing without a search, or for words it did not match', () => {
    card(project(), false)
    expect(marked()).toEqual([])
    card(project({ $id: 'p-2' }), false, 'pymez correo')
    // "pymez" is 5 letters (one typo: Pymes); "correo" is the start of "correos"; "para" is no match.
    expect(marked()).toEqual(['Pymes', 'correos'])
  })
})

describe('the New badge', () => {
  it('shows on projects added in the last 30 days', () => {
    card(project(), true)
    expect(screen.getByText('New')).toBeVisible()
  })

  it('is not shown otherwise', () => {
    card(project(), false)
    expect(screen.queryByText('New')).toBeNull()
  })

  it('is decided by $createdAt: 30 days or less ago, a date a little ahead of this clock included', () => {
    const firstLoad = new Date(now - 100 * DAY).toISOString()
    const added = (days: number) => new Date(now - days * DAY).toISOString()
    expect(isNewProject(added(0), firstLoad, now)).toBe(true)
    expect(isNewProject(added(30), firstLoad, now)).toBe(true)
    expect(isNewProject(added(30.01), firstLoad, now)).toBe(false)
    expect(isNewProject(added(-0.01), firstLoad, now)).toBe(true)
    expect(isNewProject(project({ $createdAt: null }).createdAt, firstLoad, now)).toBe(false)
    expect(isNewProject('not a date', firstLoad, now)).toBe(false)
  })

  it('is never worn by the catalogue’s first load, nor before the first load is known (issue 28, item 13)', () => {
    const firstLoad = new Date(now - 2 * DAY).toISOString()
    // The 720 projects of a new store's demo or first import were added in the first load's transaction.
    expect(isNewProject(firstLoad, firstLoad, now)).toBe(false)
    expect(isNewProject(new Date(now - 3 * DAY).toISOString(), firstLoad, now)).toBe(false)
    // A project added a day after it is news.
    expect(isNewProject(new Date(now - DAY).toISOString(), firstLoad, now)).toBe(true)
    expect(isNewProject(new Date(now - DAY).toISOString(), undefined, now)).toBe(false)
    expect(isNewProject(new Date(now - DAY).toISOString(), null, now)).toBe(false)
  })
})
