import { render, screen } from '@testing-library/react'
import { queryWords } from '@pg/shared/search-text'
import { describe, expect, it } from 'vitest'
import { ProjectCard } from '../../src/features/gallery/components/project-card'
import { isNewProject, toGalleryProject, type GalleryProject } from '../../src/features/gallery/model/project'

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
    const added = (days: number) => project({ $createdAt: new Date(now - days * DAY).toISOString() })
    expect(isNewProject(added(0), now)).toBe(true)
    expect(isNewProject(added(30), now)).toBe(true)
    expect(isNewProject(added(30.01), now)).toBe(false)
    expect(isNewProject(added(-0.01), now)).toBe(true)
    expect(isNewProject(project({ $createdAt: null }), now)).toBe(false)
    expect(isNewProject(project({ $createdAt: 'not a date' }), now)).toBe(false)
  })
})
