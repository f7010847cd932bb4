/**
 * Sign-in and recovery timing bench: does a wrong password take as long as an unknown email? (issue 2:
 * "the same error and similar timing"), and does a recovery for a member take as long as one for an
 * unknown email? (issue 10, item 6). `npm run bench:login-timing`: the real server on a fresh embedded
 * database, members created through the sign-up route, requests interleaved one at a time.
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

const row = (label: string, values: number[]) =>
  `${label.padEnd(16)} p50 ${percentile(values, 0.5).toFixed(1).padStart(6)} ms   p90 ${percentile(values, 0.9).toFixed(1).padStart(6)} ms`

/** Both rows and the difference of their medians, the second minus the first. */
function compare([firstLabel, first]: [string, number[]], [secondLabel, second]: [string, number[]]) {
  log(row(firstLabel, first))
  log(row(secondLabel, second))
  const difference = percentile(second, 0.5) - percentile(first, 0.5)
  log(
    `median difference: ${difference.toFixed(1)} ms (${((difference / percentile(first, 0.5)) * 100).toFixed(1)}%)`,
  )
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
    log(`Sign-in failures, ${ATTEMPTS} each, same error type (user_invalid_credentials):`)
    compare(['wrong password', wrong], ['unknown email', unknown])

    // A member's recovery does its work (token, email) after the answer; alternating which comes first
    // keeps that work from always landing on the same kind.
    const url = `${server.baseUrl}/reset-password`
    const member: number[] = []
    const stranger: number[] = []
    for (const [index, { email }] of members.entries()) {
      const ask = (address: string) => post(server.baseUrl, '/account/recovery', { email: address, url })
      const nobody = `nobody-${index}@example.com`
      const memberFirst = index % 2 === 0
      const first = await ask(memberFirst ? email : nobody)
      const second = await ask(memberFirst ? nobody : email)
      const [a, b] = memberFirst ? [first, second] : [second, first]
      if (a.status !== 201 || b.status !== 201)
        throw new Error(`Unexpected answers: ${a.status} ${a.type} / ${b.status} ${b.type}`)
      member.push(a.ms)
      stranger.push(b.ms)
    }
    log(`Recovery requests, ${ATTEMPTS} each, same answer (201 with a token of the same shape):`)
    compare(['member', member], ['unknown email', stranger])
  } finally {
    await server.child.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})
