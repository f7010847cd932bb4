import { rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { startChild, type Child } from './children'
import { freePort, REPO_ROOT } from './server'

const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx')
const START_TIMEOUT_MS = 30_000
/** Managed by Node's http server itself on either side (it adds its own Date and keep-alive headers). */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/** One answer of the real server, as bytes: what the bare server replays for the same path. */
export interface RecordedAnswer {
  path: string
  status: number
  /** Flat [name, value, name, value…], as Node's `rawHeaders`, connection headers left out. */
  headers: string[]
  body: string
}

/**
 * Asks the real server once with exactly the headers autocannon sends (cookie, accept; no
 * accept-encoding, so the body is what the load gets), and keeps status, headers and body bytes.
 */
export function recordAnswer(baseUrl: string, requestPath: string, cookie: string): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${baseUrl}${requestPath}`,
      { headers: { cookie, accept: 'application/json' }, timeout: 30_000 },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const headers: string[] = []
          for (let index = 0; index + 1 < response.rawHeaders.length; index += 2) {
            const name = response.rawHeaders[index] ?? ''
            if (!CONNECTION_HEADERS.has(name.toLowerCase()))
              headers.push(name, response.rawHeaders[index + 1] ?? '')
          }
          resolve({
            path: requestPath,
            status: response.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString('base64'),
          })
        })
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error(`GET ${requestPath} timed out`)))
    outgoing.on('error', reject)
    outgoing.end()
  })
}

export interface BareServer {
  baseUrl: string
  child: Child
}

/** Starts the bare server as its own process (like the real one, under tsx) with the recorded answers. */
export async function startBareServer(answers: RecordedAnswer[], workDir: string): Promise<BareServer> {
  const file = path.join(workDir, `bare-answers-${Date.now()}.json`)
  writeFileSync(file, JSON.stringify(answers))
  const port = await freePort()
  const child = startChild(
    'bare server',
    TSX,
    [path.join(REPO_ROOT, 'bench/lib/bare-server.ts'), file, String(port)],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
    },
  )
  try {
    await child.waitForLine(/is running on/, START_TIMEOUT_MS)
  } catch (error) {
    await child.stop(1_000)
    throw error
  } finally {
    rmSync(file, { force: true }) // Read once at start.
  }
  return { baseUrl: `http://127.0.0.1:${port}`, child }
}
