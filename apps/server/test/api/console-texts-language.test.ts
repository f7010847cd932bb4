import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OWNER_EVENT_TYPES } from '@pg/shared/purchase'
import { signInConsoleCallers } from '../support/console-callers'
import { startTestServer, type TestServer } from '../support/test-app'

/**
 * Decision 066: what the server writes for the console follows the console's language. A catalogue
 * file's problems are said in the request's language (`message`) beside their English place and reason;
 * an order's events say which of the owner's events each is (`ownerEvent`) for the console to word, the
 * stored English `type` kept as the CLI prints it.
 */
let server: TestServer
let adminCookie = ''

beforeAll(async () => {
  server = await startTestServer()
  ;({ adminCookie } = await signInConsoleCallers(server))
})
afterAll(() => server.close())

const BAD_CSV = 'title,category_id,youtube_url,links\n,nada,no es un enlace,solo-uno\n'

interface DryRun {
  valid: boolean
  problems: { where: string; reason: string; message: string }[]
}

const dryRun = async (headers: Record<string, string>) => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/store/catalog/import',
    payload: { fileName: 'malo.csv', content: BAD_CSV, dryRun: true },
    headers: { cookie: adminCookie, ...headers },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<DryRun>()
}

describe('a catalogue file’s dry run', () => {
  it('says each problem in the console’s language, its English place and reason kept', async () => {
    const spanish = await dryRun({ 'x-appwrite-locale': 'es' })
    const english = await dryRun({ 'x-appwrite-locale': 'en' })
    expect(spanish.valid).toBe(false)
    expect(spanish.problems.length).toBeGreaterThanOrEqual(3)
    expect(spanish.problems.map(({ where, reason }) => ({ where, reason }))).toEqual(
      english.problems.map(({ where, reason }) => ({ where, reason })),
    )
    for (const [index, problem] of english.problems.entries()) {
      expect(problem.message).toBe(`${problem.where}: ${problem.reason}`)
      const said = spanish.problems[index]?.message ?? ''
      expect(said).toMatch(/^fila 2, /)
      expect(said).not.toContain(problem.reason)
    }
    const messages = spanish.problems.map((problem) => problem.message).join('\n')
    expect(messages).toContain('fila 2, title: no puede estar vacío')
    expect(messages).not.toMatch(/\b(row|must|unknown|not in the file)\b/)
  })

  it('answers in the browser’s language when the SDK names none', async () => {
    const spanish = await dryRun({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' })
    expect(spanish.problems[0]?.message).toMatch(/^fila 2, /)
  })
})

describe('an order’s events', () => {
  it('name the owner’s events by a code, the English type kept, on both databases', async () => {
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      server.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: { cookie: adminCookie, 'x-appwrite-locale': 'es' },
      })
    const granted = await call('POST', '/v1/store/orders', { email: 'lucia@example.com', name: 'Lucía' })
    expect(granted.statusCode, granted.body).toBe(201)
    const { id } = granted.json<{ id: string }>()
    expect((await call('POST', `/v1/store/orders/${id}/refund`, {})).statusCode).toBe(200)
    const shown = await call('GET', `/v1/store/orders/${id}`)
    expect(shown.statusCode, shown.body).toBe(200)
    const { events } = shown.json<{ events: { type: string; ownerEvent: string | null }[] }>()
    expect(events.map(({ type, ownerEvent }) => ({ type, ownerEvent }))).toEqual([
      { type: OWNER_EVENT_TYPES.grant, ownerEvent: 'grant' },
      { type: OWNER_EVENT_TYPES.refund, ownerEvent: 'refund' },
    ])
  })
})
