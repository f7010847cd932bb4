import { describe, expect, it } from 'vitest'
import { Tarball } from '../../src/platform/db/client'

describe('Tarball: the bytes of a data directory handed to PGlite without a copy (decision 068)', () => {
  it('gives back the very buffer it holds, and is a Blob of those bytes for everything else', async () => {
    const bytes = new TextEncoder().encode('hola, tar').buffer
    const tarball = new Tarball(bytes, 'application/x-tar')
    expect(tarball).toBeInstanceOf(Blob)
    expect(await tarball.arrayBuffer()).toBe(bytes)
    expect(tarball.size).toBe(9)
    expect(tarball.type).toBe('application/x-tar')
    expect(await tarball.text()).toBe('hola, tar')
    expect(await tarball.slice(6).text()).toBe('tar')
    expect(Buffer.from(await tarball.bytes()).toString()).toBe('hola, tar')
    expect(await new Response(tarball.stream()).text()).toBe('hola, tar')
  })

  it('takes only the bytes a view shows, without copying a view of a whole buffer', async () => {
    const whole = new TextEncoder().encode('0123456789')
    expect(await Tarball.of(whole, '').arrayBuffer()).toBe(whole.buffer)
    const part = Tarball.of(whole.subarray(2, 5), '')
    expect(part.size).toBe(3)
    expect(await part.text()).toBe('234')
  })
})
