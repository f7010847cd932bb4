import { describe, expect, it } from 'vitest'
import { loginPathFor, safeNextPath } from '../src/features/auth/next-path'

describe('safeNextPath', () => {
  it.each([
    ['/home', '/home'],
    ['/search?q=ai%20tools&tag=n8n', '/search?q=ai%20tools&tag=n8n'],
    ['/search#top', '/search#top'],
    ['/a/../home', '/home'],
    ['/./search', '/search'],
    ['/search?next=//evil.example', '/search?next=//evil.example'],
    ['/search#//evil.example', '/search#//evil.example'],
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
    ['\\/evil.example'],
    ['https://evil.example/home'],
    ['https://same-site.invalid/home'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/\u0000/evil.example'],
    // Only once resolved do these start with `//` (dot segments, encoded dots, backslashes).
    ['/..//evil.example'],
    ['/.//evil.example'],
    ['/a/..//evil.example'],
    ['/a/b/../..//evil.example'],
    ['/%2e%2e//evil.example'],
    ['/%2E%2E//evil.example'],
    ['/.%2e//evil.example'],
    ['/%2e//evil.example'],
    ['/..\\/evil.example'],
    ['/.\\\\evil.example'],
    ['/..\\\\evil.example'],
    // Encoded slashes and backslashes that a later decoding would turn into another host.
    ['/%2F%2Fevil.example'],
    ['/%2f/evil.example'],
    ['/%5Cevil.example'],
    ['/%5C%5Cevil.example'],
    ['/%09/evil.example'],
    ['/%0a/evil.example'],
    ['/%E0%A4%A'],
    ['/login'],
    ['/login/'],
    ['/LOGIN'],
    ['/login?next=/home'],
    ['/%6Cogin'],
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
