import { spawn } from 'node:child_process'
import { z } from 'zod'

/**
 * The probe's own process: asks `GET <url>/v1/health/version` every 20 ms, prints `ready` after its
 * first answer and, when its standard input closes, the longest wait in ms (of the answers after the
 * first) and how many answers it had.
 * A process of its own so that what the caller does meanwhile (sending 30 MB, building a file) is never
 * counted as the store's delay.
 */
const PROBE = `
const url = process.argv[1] + '/v1/health/version'
let worstMs = 0
let answers = 0
let done = false
process.stdin.on('data', () => undefined)
process.stdin.on('end', () => (done = true))
while (!done) {
  const sent = performance.now()
  const response = await fetch(url)
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error('The health route answered ' + response.status)
  // The first answer opens the connection and warms the probe up: it is not counted.
  if (answers++ === 0) process.stdout.write('ready\\n')
  else worstMs = Math.max(worstMs, performance.now() - sent)
  await new Promise((resolve) => setTimeout(resolve, 20))
}
process.stdout.write(JSON.stringify({ worstMs, answers }) + '\\n')
`

const resultSchema = z.object({ worstMs: z.number(), answers: z.number().int() })

export interface HealthProbe {
  /** Stops probing: the longest wait and how many answers there were. */
  stop: () => Promise<z.infer<typeof resultSchema>>
}

/**
 * Starts probing the store at `url` (`http://127.0.0.1:<port>`); resolves once the probe had its first
 * answer. Used by API tests and the bench alike, so it imports no test runner.
 */
export function startHealthProbe(url: string): Promise<HealthProbe> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE, url], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const probe: HealthProbe = {
    async stop() {
      child.stdin.end()
      const code = await exited
      if (code !== 0) throw new Error(`The health probe failed (exit code ${code}): ${err}`)
      return resultSchema.parse(JSON.parse(out.split('\n').at(-2) ?? ''))
    },
  }
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.startsWith('ready\n')) resolve(probe)
    })
    void exited.then((code) => reject(new Error(`The health probe ended (exit code ${code}): ${err}`)))
  })
}
