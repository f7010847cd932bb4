import { describe, expect, it } from 'vitest'
import { remembered } from '../../src/platform/lib/remembered'

describe('a remembered pure function', () => {
  it('computes each input once while it is kept, null answers too, and forgets all when full', () => {
    const computed: string[] = []
    const length = remembered((input: string) => {
      computed.push(input)
      return input === 'none' ? null : input.length
    }, 3)
    expect([length('a'), length('bb'), length('a'), length('none'), length('none')]).toEqual([
      1,
      2,
      1,
      null,
      null,
    ])
    expect(computed).toEqual(['a', 'bb', 'none'])
    // Full at three: the fourth input makes room by forgetting the three before it.
    expect(length('cccc')).toBe(4)
    expect(length('a')).toBe(1)
    expect(computed).toEqual(['a', 'bb', 'none', 'cccc', 'a'])
  })
})
