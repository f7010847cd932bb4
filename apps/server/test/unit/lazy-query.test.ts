import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { lazyQuery } from '../../src/platform/http/lazy-query'

/** The router's query object is parsed when first read (decision 033), and reads as the parsed one. */
describe('lazyQuery', () => {
  const texts = [
    'queries%5B0%5D=%7B%22method%22%3A%22limit%22%2C%22values%22%3A%5B20%5D%7D&queries%5B1%5D=x&total=false',
    'queries[]=a&queries[]=b',
    'queries=one',
    'lang=en&lang=es',
    'a[b][c]=deep',
    '',
    'total=false&queries%5B0%5D=a+b%20c',
    'queries[0]=%E0%A4%A&queries[1]=%',
    'queries[1]=b&queries[0]=a',
    'queries[0]=a&queries[0]=b',
    'queries[0]=a&total=1&total=0',
    'queries[0]=a&queries[2]=c',
    'queries%5b0%5d=lower',
    'queries[0]',
    'queries[0]=a=b&total=',
    '&queries[0]=a',
    '__proto__[0]=x',
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

  it('reads any mix of the SDK shape and other parameters as qs does', () => {
    const pieces = [
      'queries[0]=a',
      'queries[1]=b%20c',
      'queries%5B2%5D=x+y',
      'total=false',
      'total=1',
      'queries[0]',
      '%E2%82',
      '=',
      'other=1',
      'queries[]=z',
    ]
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % pieces.length
    for (let round = 0; round < 500; round++) {
      const text = Array.from({ length: 1 + (round % 5) }, () => pieces[next()]).join('&')
      const parsed = qs.parse(text, { arrayLimit: 200, parameterLimit: 500, depth: 1 })
      expect(JSON.stringify(lazyQuery(text)), text).toBe(JSON.stringify(parsed))
    }
  })

  it('keeps arrays of 200 queries, as the SDK may send', () => {
    const text = Array.from({ length: 150 }, (_, at) => `queries[${at}]=q${at}`).join('&')
    expect(lazyQuery(text).queries).toHaveLength(150)
  })
})
