import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readPasswordInput } from '../../src/cli/password-input'

/** A stand-in terminal: a stream that says it is a TTY and records raw mode. */
function terminal() {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    rawModes: [] as boolean[],
    setRawMode(mode: boolean) {
      input.rawModes.push(mode)
      return input
    },
  })
  const written: string[] = []
  const prompt = { write: (text: string) => written.push(text) }
  return {
    input,
    written,
    read: () =>
      readPasswordInput(input as unknown as NodeJS.ReadStream, prompt as unknown as NodeJS.WriteStream),
  }
}

describe('readPasswordInput', () => {
  it('reads everything piped in', async () => {
    const input = new PassThrough()
    const reading = readPasswordInput(input as unknown as NodeJS.ReadStream)
    input.end('clave-muy-larga\nsegunda línea\n')
    expect(await reading).toBe('clave-muy-larga\nsegunda línea\n')
  })

  it('on a terminal prompts, reads one line without echo, honours backspace, and restores the terminal', async () => {
    const tty = terminal()
    const reading = tty.read()
    tty.input.write('Otra-clave\u007f\u007f\u007f\u007f\u007f')
    tty.input.write('clave-muy-larga-42\rignored')
    expect(await reading).toBe('Otra-clave-muy-larga-42')
    expect(tty.written.join('')).toBe('Password: \n')
    expect(tty.input.rawModes).toEqual([true, false])
  })

  it('on a terminal Ctrl-C cancels', async () => {
    const tty = terminal()
    const reading = tty.read()
    tty.input.write('abc\u0003')
    await expect(reading).rejects.toThrow('Cancelled.')
    expect(tty.input.rawModes).toEqual([true, false])
  })
})
