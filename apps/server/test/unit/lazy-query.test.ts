import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { lazyQuery } from '../../src/http/lazy-query'

/** The router's query object is parsed when first read (decision 033), and reads as the parsed one. */
describe('lazyQuery', () => {
  const texts = [
    'queries%5B0%5D=%7B%22method%22%3A%22limit%22%2C%22values%22%3A%5B20%5D%7D&queries%5B1%5D=x&total=false',
    'queries[]=a&queries[]=b',
    'queries=one',
    'lang=en&lang=es',
    'a[b][c]=deep',
    '',
  ]

  it.each(texts)('reads %j as qs parses it', (text) => {
    const parsed = qs.parse(text, { arrayLimit: 200, parameterLimit: 500, depth: 1 })
    const query = lazyQuery(text)
    expect({ ...query }).toEqual(parsed)
    expect(Object.keys(query)).toEqual(Object.keys(parsed))
    expect(JSON.stringify(query)).toBe(JSON.stringify(parsed))
    for (const key of Object.keys(parsed)) {
      expect(key in query).toBe(true)
      expect(query[key]).toEqual(parsed[key])
      expect(Object.prototype.hasOwnProperty.call(query, key)).toBe(true)
    }
    expect('missing' in query).toBe(false)
    expect(query.missing).toBeUndefined()
  })

  it('keeps arrays of 200 queries, as the SDK may send', () => {
    const text = Array.from({ length: 150 }, (_, at) => `queries[${at}]=q${at}`).join('&')
    expect(lazyQuery(text).queries).toHaveLength(150)
  })
})
