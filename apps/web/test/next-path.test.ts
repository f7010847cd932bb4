import { describe, expect, it } from 'vitest'
import { loginPathFor, safeNextPath } from '../src/features/auth/next-path'

describe('safeNextPath', () => {
  it.each([
    ['/home', '/home'],
    ['/search?q=ai%20tools&tag=n8n', '/search?q=ai%20tools&tag=n8n'],
    ['/search#top', '/search#top'],
    ['/a/../home', '/home'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected)
  })

  it.each([
    [null],
    [undefined],
    [''],
    ['home'],
    ['//evil.example/home'],
    ['/\\evil.example'],
    ['https://evil.example/home'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/%0a/evil'.replace('%0a', '\n')],
    ['/login'],
    ['/login?next=/home'],
  ])('refuses %j', (value) => {
    expect(safeNextPath(value)).toBeUndefined()
  })
})

describe('loginPathFor', () => {
  it('carries the whole location as next', () => {
    const path = loginPathFor({ pathname: '/search', search: '?q=ai', hash: '#results' })
    expect(path).toBe('/login?next=%2Fsearch%3Fq%3Dai%23results')
    expect(safeNextPath(new URLSearchParams(path.split('?')[1]).get('next'))).toBe('/search?q=ai#results')
  })
})
