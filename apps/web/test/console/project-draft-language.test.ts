import { describe, expect, it } from 'vitest'
import { checkDraft, emptyDraft } from '../../src/features/console-catalogue/model/project-draft'

/**
 * Issue 34, section 3: the project form checks a draft with the shared schema before sending it, and
 * says what it refuses in the console's language, with the words the server uses (decision 048).
 */
const draft = {
  ...emptyDraft(),
  title: '',
  thumbnailUrl: 'ftp://example.com/a.png',
  subtitle: 'x'.repeat(5000),
}

describe('a project draft the schema refuses', () => {
  it('is told in Spanish in a Spanish console', () => {
    const errors = checkDraft(draft, 'es')
    expect(errors.title).toBe('no puede estar vacío')
    expect(errors.thumbnailUrl).toBe('debe ser una URL http(s) o una ruta bajo /media/ de esta tienda')
    expect(errors.subtitle).toMatch(/^debe tener como máximo \d+ caracteres$/)
  })

  it('is told in English in an English console', () => {
    const errors = checkDraft(draft, 'en')
    expect(errors.thumbnailUrl).toBe('must be an http(s) URL or a path under /media/ on this store')
    expect(errors.subtitle).toMatch(/characters/)
    expect(Object.values(errors).join(' ')).not.toMatch(/debe|vacío/)
  })
})
