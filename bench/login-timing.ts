/**
 * Sign-in timing bench: does a wrong password take as long as an unknown email? (issue 2: "the same
 * error and similar timing"). `npm run bench:login-timing`: the real server on a fresh embedded
 * database, members created through the sign-up route, attempts interleaved one at a time.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { killAllChildren } from './lib/children'
import { REPO_ROOT, startServer } from './lib/server'

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 60)
const log = (line: string) => process.stdout.write(`${line}\n`)

/** Each attempt comes from its own address, so the per-address failure limit does not interfere. */
let nextAddress = 1
const address = () => `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`

async function post(
  baseUrl: string,
  route: string,
  body: unknown,
): Promise<{ status: number; ms: number; type: string }> {
  const started = performance.now()
  const response = await fetch(`${baseUrl}/v1${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address() },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  const ms = performance.now() - started
  const parsed: unknown = JSON.parse(text)
  const type = typeof parsed === 'object' && parsed !== null && 'type' in parsed ? String(parsed.type) : ''
  return { status: response.status, ms, type }
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN
}

async function main() {
  process.on('exit', killAllChildren)
  const dataDir = await mkdtemp(path.join(REPO_ROOT, 'bench/.work/login-'))
  const server = await startServer({ dataDir }, { DEMO: '0', ALLOW_SIGNUP: 'true', TRUST_PROXY: 'true' })
  try {
    const members = Array.from({ length: ATTEMPTS }, (_, index) => ({
      email: `timing-${index}@example.com`,
      password: `right password ${index}`,
    }))
    for (const member of members) {
      const created = await post(server.baseUrl, '/account', { userId: 'unique()', ...member })
      if (created.status !== 201) throw new Error(`Sign-up failed with ${created.status} ${created.type}`)
    }
    const wrong: number[] = []
    const unknown: number[] = []
    for (const [index, member] of members.entries()) {
      const a = await post(server.baseUrl, '/account/sessions/email', {
        email: member.email,
        password: 'a wrong password',
      })
      const b = await post(server.baseUrl, '/account/sessions/email', {
        email: `nobody-${index}@example.com`,
        password: 'a wrong password',
      })
      if (a.type !== 'user_invalid_credentials' || b.type !== 'user_invalid_credentials') {
        throw new Error(`Unexpected answers: ${a.status} ${a.type} / ${b.status} ${b.type}`)
      }
      wrong.push(a.ms)
      unknown.push(b.ms)
    }
    const row = (label: string, values: number[]) =>
      `${label.padEnd(16)} p50 ${percentile(values, 0.5).toFixed(1).padStart(6)} ms   p90 ${percentile(values, 0.9).toFixed(1).padStart(6)} ms`
    log(`Sign-in failures, ${ATTEMPTS} each, same error type (user_invalid_credentials):`)
    log(row('wrong password', wrong))
    log(row('unknown email', unknown))
    const difference = percentile(unknown, 0.5) - percentile(wrong, 0.5)
    log(
      `median difference: ${difference.toFixed(1)} ms (${((difference / percentile(wrong, 0.5)) * 100).toFixed(1)}%)`,
    )
  } finally {
    await server.child.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})
