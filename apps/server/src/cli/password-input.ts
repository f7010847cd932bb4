/**
 * What `--password-stdin` reads: everything piped in, or, when standard input is a terminal, one line
 * typed after a prompt without being echoed (so it shows neither on screen nor in the shell's history).
 */
export async function readPasswordInput(
  input: NodeJS.ReadStream = process.stdin,
  prompt: NodeJS.WriteStream = process.stderr,
): Promise<string> {
  if (!input.isTTY) {
    const chunks: Buffer[] = []
    for await (const chunk of input) chunks.push(Buffer.from(chunk as Buffer | string))
    return Buffer.concat(chunks).toString('utf8')
  }
  prompt.write('Password: ')
  input.setRawMode(true)
  input.setEncoding('utf8')
  input.resume()
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = ''
      const onData = (keys: string) => {
        for (const key of keys) {
          if (key === '\r' || key === '\n' || key === '\u0004') return done(() => resolve(typed))
          if (key === '\u0003') return done(() => reject(new Error('Cancelled.')))
          if (key === '\u007f' || key === '\b') typed = typed.slice(0, -1)
          else typed += key
        }
      }
      const done = (finish: () => void) => {
        input.off('data', onData)
        finish()
      }
      input.on('data', onData)
    })
  } finally {
    input.setRawMode(false)
    input.pause()
    prompt.write('\n')
  }
}
