import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { storefrontSource } from '../src/lib/storefront-content'
import { readStorefront } from '../src/lib/storefront-page'
import { resetFakeBackend } from './support/fake-backend'
import { renderApp } from './support/render-app'
import { resolveBoth, versionOne } from './support/storefront'

vi.mock('../src/lib/backend', () => import('./support/fake-backend'))

beforeEach(resetFakeBackend)

/** A page as the server sends it, carrying `data` where it carries its storefront. */
function pageWith(data: string | null): Document {
  const page = document.implementation.createHTMLDocument('page')
  if (data !== null) {
    const script = page.createElement('script')
    script.type = 'application/json'
    script.id = 'pg-storefront'
    script.textContent = data
    page.body.append(script)
  }
  return page
}

describe('the storefront a page carries', () => {
  it('is read through its schema; none, broken or another shape is none', () => {
    const { es } = resolveBoth()
    expect(readStorefront(pageWith(JSON.stringify(es).replace(/</g, '\\u003c')))).toEqual(es)
    expect(readStorefront(pageWith(null))).toBeNull()
    expect(readStorefront(pageWith('{"language":'))).toBeNull()
    expect(readStorefront(pageWith(JSON.stringify({ ...es, price: null })))).toBeNull()
  })

  it('gets the other language once, when asked, and tells who reads it', async () => {
    const { es, en } = resolveBoth()
    const fetchOne = vi.fn().mockResolvedValue(es)
    const source = storefrontSource([en], fetchOne)
    const listener = vi.fn()
    source.subscribe(listener)
    expect(source.get('es')).toBeUndefined()
    expect(await source.ensure('es')).toBe(true)
    expect(await source.ensure('es')).toBe(true)
    expect(source.get('es')).toEqual(es)
    expect(fetchOne).toHaveBeenCalledTimes(1)
    expect(listener).toHaveBeenCalledTimes(1)
    const failing = storefrontSource([en], vi.fn().mockRejectedValue(new Error('offline')))
    expect(await failing.ensure('es')).toBe(false)
    expect(await storefrontSource([en], vi.fn().mockResolvedValue(en)).ensure('es')).toBe(false)
  })

  it('switching language in the app draws the owner’s texts of the new language', async () => {
    const content = versionOne()
    content.landing.hero.title = { es: 'Título en español', en: 'English title' }
    const { es, en } = resolveBoth(content)
    const fetchOne = vi.fn().mockResolvedValue(es)
    const { user } = renderApp('/landing-pack-apps', { storefronts: storefrontSource([en], fetchOne) })
    expect(await screen.findByRole('heading', { level: 1, name: 'English title' })).toBeVisible()
    await user.click(screen.getAllByRole('button', { name: 'Switch to Español' })[0] ?? document.body)
    expect(await screen.findByRole('heading', { level: 1, name: 'Título en español' })).toBeVisible()
    expect(fetchOne).toHaveBeenCalledWith('es')
    expect(document.documentElement.lang).toBe('es')
  })
})
