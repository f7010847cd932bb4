import { execFile } from 'node:child_process'
import * as nodeCrypto from 'node:crypto'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '@pg/shared/automations'
import { documentDataSchemas } from '@pg/shared/catalog-file'
import { ID_PATTERN } from '@pg/shared/constants'
import {
  deletedProjectData,
  memberData,
  orderData,
  projectData,
} from '../../src/platform/webhooks/webhook-payloads'

/**
 * The automations' documentation (issue 44) kept true: the n8n workflow of docs/examples imports as n8n
 * reads it and its Code node accepts what the store signs and nothing else; the node-appwrite script
 * calls the routes and sends the data the store takes; the README has one example for every event.
 */
const root = path.resolve(import.meta.dirname, '../../../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

const nodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  typeVersion: z.number(),
  position: z.tuple([z.number(), z.number()]),
  parameters: z.record(z.string(), z.unknown()),
})
const connectionSchema = z.object({ node: z.string(), type: z.literal('main'), index: z.number() })
const workflowSchema = z.object({
  name: z.string(),
  nodes: z.array(nodeSchema),
  connections: z.record(z.string(), z.object({ main: z.array(z.array(connectionSchema)) })),
})
const workflow = workflowSchema.parse(JSON.parse(read('docs/examples/n8n-signed-webhook.json')))
const nodeNamed = (name: string) => {
  const node = workflow.nodes.find((candidate) => candidate.name === name)
  if (!node) throw new Error(`no node named ${name}`)
  return node
}
const nextOf = (name: string) =>
  (workflow.connections[name]?.main ?? []).map((output) => output.map((target) => target.node))

const verifyCode = z.object({ jsCode: z.string() }).parse(nodeNamed('Verify signature').parameters).jsCode
const PLACEHOLDER = 'whsec_PASTE_THE_ENDPOINT_SECRET_HERE'

interface Verdict {
  valid: boolean
  reason?: string
  webhookId?: string
  type?: string
  data?: unknown
}

/**
 * Runs the Code node's JavaScript as n8n does ("Run Once for All Items": top-level `await` and `return`,
 * `$input`, `$env`, `this.helpers`, `require`), on one item of the Webhook node with "Raw Body" on.
 */
async function runVerify(options: {
  body: string | Buffer
  headers: Record<string, string>
  /** Pasted in place of the placeholder; else the placeholder stays. */
  pasted?: string
  /** `$env`: undefined for n8n's N8N_BLOCK_ENV_ACCESS_IN_NODE, where reading it throws. */
  env?: Record<string, string>
  /** Whether n8n allows `require('crypto')` (NODE_FUNCTION_ALLOW_BUILTIN=crypto). */
  cryptoAllowed?: boolean
}): Promise<Verdict> {
  const raw = Buffer.from(options.body)
  const item = {
    json: { headers: options.headers, params: {}, query: {}, body: {} },
    binary: { data: { data: raw.toString('base64'), mimeType: 'application/json' } },
  }
  const $input = { first: () => item, all: () => [item] }
  const $env = options.env
    ? options.env
    : new Proxy(
        {},
        {
          get: () => {
            throw new Error('access to env vars denied')
          },
        },
      )
  const require = (name: string): unknown => {
    if (name === 'crypto' && options.cryptoAllowed) return nodeCrypto
    throw new Error(`Module '${name}' is disallowed`)
  }
  const helpers = {
    getBinaryDataBuffer: async (index: number, property: string) => {
      expect([index, property]).toEqual([0, 'data'])
      return Buffer.from(item.binary.data.data, 'base64')
    },
  }
  const code = options.pasted ? verifyCode.replace(PLACEHOLDER, options.pasted) : verifyCode
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<unknown>
  const run = new AsyncFunction('$input', '$env', 'require', 'Buffer', code)
  const [result] = z
    .tuple([z.object({ json: z.record(z.string(), z.unknown()) })])
    .parse(await run.call({ helpers }, $input, $env, require, Buffer))
  return result.json as unknown as Verdict
}

const newSecret = (bytes = 24) => `whsec_${randomBytes(bytes).toString('base64')}`

/** A delivery as the store sends one: standardwebhooks' signature over the body, now. */
function signed(secret: string, body: string, at = new Date(), id = 'msg_k2m4n6p8r0t2v4x6z8b1') {
  return {
    body,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
      'content-type': 'application/json',
    },
  }
}

const paidBody = JSON.stringify({
  type: 'order.paid',
  timestamp: '2026-11-28T10:15:02.114Z',
  data: { orderId: 'q8w2e4r6t8y0u1i3o5p7', amount: 2500, currency: 'USD', email: 'ana@example.com' },
})

describe('docs/examples/n8n-signed-webhook.json: the n8n workflow', () => {
  it('uses n8n’s own node types, a POST webhook with the raw body, and answers from the workflow', () => {
    const types = Object.fromEntries(
      workflow.nodes.map((node) => [node.name, `${node.type}@${node.typeVersion}`]),
    )
    expect(types).toEqual({
      'How to set it up': 'n8n-nodes-base.stickyNote@1',
      'Store webhook': 'n8n-nodes-base.webhook@2',
      'Verify signature': 'n8n-nodes-base.code@2',
      'Signed by the store?': 'n8n-nodes-base.if@2.2',
      'A paid order?': 'n8n-nodes-base.if@2.2',
      'Add the sale to the sheet': 'n8n-nodes-base.googleSheets@4.5',
      'Accepted (200)': 'n8n-nodes-base.respondToWebhook@1.1',
      'Refused (401)': 'n8n-nodes-base.respondToWebhook@1.1',
    })
    expect(new Set(workflow.nodes.map((node) => node.id)).size).toBe(workflow.nodes.length)
    expect(nodeNamed('Store webhook').parameters).toMatchObject({
      httpMethod: 'POST',
      responseMode: 'responseNode',
      options: { rawBody: true },
    })
  })

  it('checks the signature, answers 401 to anything unsigned, and adds only paid orders to the sheet', () => {
    for (const name of Object.keys(workflow.connections)) nodeNamed(name)
    expect(nextOf('Store webhook')).toEqual([['Verify signature']])
    expect(nextOf('Verify signature')).toEqual([['Signed by the store?']])
    expect(nextOf('Signed by the store?')).toEqual([['A paid order?'], ['Refused (401)']])
    expect(nextOf('A paid order?')).toEqual([['Add the sale to the sheet'], ['Accepted (200)']])
    expect(nextOf('Add the sale to the sheet')).toEqual([['Accepted (200)']])
    expect(JSON.stringify(nodeNamed('Signed by the store?').parameters)).toContain(
      '"leftValue":"={{ $json.valid }}"',
    )
    expect(JSON.stringify(nodeNamed('A paid order?').parameters)).toContain('"rightValue":"order.paid"')
    expect(nodeNamed('Refused (401)').parameters).toMatchObject({ options: { responseCode: 401 } })
    expect(nodeNamed('Accepted (200)').parameters).toMatchObject({ options: { responseCode: 200 } })
  })

  it('keeps one row per event: the sheet is matched on the webhook-id, and reads fields order.paid has', () => {
    const columns = z
      .object({
        operation: z.literal('appendOrUpdate'),
        columns: z.object({
          mappingMode: z.literal('defineBelow'),
          value: z.record(z.string(), z.string()),
          matchingColumns: z.array(z.string()),
          schema: z.array(z.object({ id: z.string() })),
        }),
      })
      .parse(nodeNamed('Add the sale to the sheet').parameters).columns
    expect(columns.matchingColumns).toEqual(['event_id'])
    expect(columns.value.event_id).toBe('={{ $json.webhookId }}')
    expect(columns.schema.map((column) => column.id)).toEqual(Object.keys(columns.value))
    const paid = readmeExamples().find((example) => example.type === 'order.paid')
    const used = Object.values(columns.value).flatMap((value) =>
      [...value.matchAll(/\$json\.data\.(\w+)/g)].map((match) => String(match[1])),
    )
    expect(used.length).toBeGreaterThan(5)
    for (const field of used) expect(paid?.data, field).toHaveProperty(field)
  })
})

describe('the n8n Code node’s signature check', () => {
  const secret = newSecret()

  it('accepts a delivery signed by standardwebhooks and hands on its id, type and data', async () => {
    const verdict = await runVerify({ ...signed(secret, paidBody), env: { STORE_WEBHOOK_SECRET: secret } })
    expect(verdict).toEqual({
      valid: true,
      webhookId: 'msg_k2m4n6p8r0t2v4x6z8b1',
      type: 'order.paid',
      timestamp: '2026-11-28T10:15:02.114Z',
      data: JSON.parse(paidBody).data,
    })
  })

  it('refuses a changed body, another endpoint’s secret, a changed id and a missing header', async () => {
    const delivery = signed(secret, paidBody)
    const env = { STORE_WEBHOOK_SECRET: secret }
    const tampered = await runVerify({ ...delivery, body: paidBody.replace('2500', '250'), env })
    expect(tampered).toEqual({ valid: false, reason: expect.stringContaining('signature does not match') })
    const otherSecret = await runVerify({ ...delivery, env: { STORE_WEBHOOK_SECRET: newSecret() } })
    expect(otherSecret.valid).toBe(false)
    const otherId = await runVerify({
      ...delivery,
      headers: { ...delivery.headers, 'webhook-id': 'msg_x' },
      env,
    })
    expect(otherId.valid).toBe(false)
    const unsigned: Record<string, string> = { ...delivery.headers }
    delete unsigned['webhook-signature']
    expect(await runVerify({ body: paidBody, headers: unsigned, env })).toEqual({
      valid: false,
      reason: expect.stringContaining('not signed'),
    })
    // A forged "signature" of the body alone, with no secret: the same length, another value.
    const forged = { ...delivery.headers, 'webhook-signature': `v1,${randomBytes(32).toString('base64')}` }
    expect((await runVerify({ body: paidBody, headers: forged, env })).valid).toBe(false)
  })

  it('takes a delivery within 5 minutes either way and refuses one older or newer', async () => {
    const env = { STORE_WEBHOOK_SECRET: secret }
    const minutes = (n: number) => new Date(Date.now() + n * 60_000)
    for (const offset of [-4.5, 4.5])
      expect(
        (await runVerify({ ...signed(secret, paidBody, minutes(offset)), env })).valid,
        `${offset}`,
      ).toBe(true)
    for (const offset of [-6, 6]) {
      const verdict = await runVerify({ ...signed(secret, paidBody, minutes(offset)), env })
      expect(verdict, `${offset}`).toEqual({ valid: false, reason: expect.stringContaining('5 minutes') })
    }
    const malformed = signed(secret, paidBody)
    malformed.headers['webhook-timestamp'] = 'yesterday'
    expect((await runVerify({ ...malformed, env })).valid).toBe(false)
  })

  it('finds the matching signature among several (a secret being rotated), v1 only', async () => {
    const delivery = signed(secret, paidBody)
    const good = delivery.headers['webhook-signature']
    const other = signed(newSecret(), paidBody).headers['webhook-signature']
    const env = { STORE_WEBHOOK_SECRET: secret }
    const headers = (signature: string) => ({ ...delivery.headers, 'webhook-signature': signature })
    expect((await runVerify({ body: paidBody, headers: headers(`${other} ${good}`), env })).valid).toBe(true)
    expect(
      (await runVerify({ body: paidBody, headers: headers(good.replace('v1,', 'v2,')), env })).valid,
    ).toBe(false)
  })

  it('reads the pasted secret where n8n denies the environment, and says when none was pasted', async () => {
    const delivery = signed(secret, paidBody)
    expect((await runVerify({ ...delivery, pasted: secret })).valid).toBe(true)
    expect(await runVerify({ ...delivery })).toEqual({
      valid: false,
      reason: expect.stringContaining('no endpoint secret'),
    })
    expect(await runVerify({ ...delivery, env: {} })).toEqual({
      valid: false,
      reason: expect.stringContaining('no endpoint secret'),
    })
  })

  it('checks the same with Node’s crypto and, where n8n forbids it, with its own SHA-256', async () => {
    // Secrets of 24, 32 and 100 bytes (over SHA-256's 64-byte block: hashed first, as HMAC says), and
    // signed texts of every length modulo 64 around one and two blocks, UTF-8 included.
    for (const bytes of [24, 32, 100]) {
      const key = newSecret(bytes)
      for (let padding = 0; padding < 140; padding += 1) {
        const body = JSON.stringify({ type: 'member.created', data: { name: `Añá ${'x'.repeat(padding)}` } })
        const delivery = signed(key, body)
        for (const cryptoAllowed of [true, false]) {
          const good = await runVerify({ ...delivery, pasted: key, cryptoAllowed })
          expect(good.valid, `${bytes} bytes, padding ${padding}, crypto ${cryptoAllowed}`).toBe(true)
        }
        if (padding % 20 === 0) {
          const changed = await runVerify({ ...delivery, body: body.replace('Añá', 'Aña'), pasted: key })
          expect(changed.valid).toBe(false)
        }
      }
    }
    const large = JSON.stringify({ type: 'project.updated', data: { title: 'é'.repeat(100_000) } })
    expect((await runVerify({ ...signed(secret, large), pasted: secret, cryptoAllowed: false })).valid).toBe(
      true,
    )
  })
})

const exampleSchema = z.object({
  type: z.string(),
  timestamp: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
})

/** The README's "Automations" examples: one delivery body per line of its `jsonl` block. */
function readmeExamples() {
  const readme = read('README.md')
  const section = readme.slice(readme.indexOf('### Automations'))
  const block = /```jsonl\n([\s\S]*?)\n```/.exec(section)?.[1]
  if (!block) throw new Error('no jsonl block in the README’s Automations section')
  return block.split('\n').map((line) => exampleSchema.parse(JSON.parse(line)))
}

describe('README, "Automations": the payloads', () => {
  it('has one example of every event, the test event included', () => {
    const types = readmeExamples().map((example) => example.type)
    expect(types).toEqual([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT])
  })

  it('shows the fields the store sends: those its payload builders make, neither more nor fewer', () => {
    const at = new Date('2026-11-28T10:15:02.098Z')
    const row = <T>(fields: Record<string, unknown>) => fields as T
    const built: Record<string, Record<string, unknown>> = {
      order: orderData(
        row({
          id: 'o',
          provider: 'stripe',
          providerOrderId: 'pi',
          status: 'paid',
          email: null,
          name: '',
          product: '',
          amount: null,
          currency: null,
          purchasedAt: null,
          userId: null,
        }),
      ),
      member: memberData(row({ id: 'u', email: 'e', name: 'n', labels: [], enabled: true, createdAt: at })),
      'project.created': projectData(
        row({
          id: 'p',
          title: 't',
          subtitle: null,
          author: null,
          categoryId: null,
          youtubeUrl: null,
          createdAt: at,
          updatedAt: at,
        }),
      ),
      'project.deleted': deletedProjectData({ id: 'p', title: 't' }),
    }
    const examples = readmeExamples()
    const example = (type: string) => examples.find((candidate) => candidate.type === type)?.data ?? {}
    for (const event of WEBHOOK_EVENTS) {
      const family =
        event === 'project.deleted'
          ? event
          : event.startsWith('project.')
            ? 'project.created'
            : event.split('.')[0]
      expect(Object.keys(example(event)).sort(), event).toEqual(
        Object.keys(built[String(family)] ?? {}).sort(),
      )
    }
  })

  it('gives every event of a family the same fields', () => {
    const fields = (type: string) =>
      Object.keys(readmeExamples().find((example) => example.type === type)?.data ?? {}).sort()
    for (const family of ['order', 'member']) {
      const events = WEBHOOK_EVENTS.filter((event) => event.startsWith(`${family}.`))
      expect(events.length, family).toBe(3)
      expect(new Set(events.map((event) => fields(event).join())).size, family).toBe(1)
    }
    expect(fields('project.updated')).toEqual(fields('project.created'))
    expect(fields('project.deleted')).toEqual(['projectId', 'title'])
    expect(fields('order.paid')).toEqual(
      [
        'orderId',
        'provider',
        'providerOrderId',
        'status',
        'email',
        'name',
        'product',
        'amount',
        'currency',
        'purchasedAt',
        'userId',
      ].sort(),
    )
  })
})

describe('docs/examples/list-members-and-add-project.mjs: the node-appwrite script', () => {
  interface Seen {
    method: string
    url: URL
    headers: http.IncomingHttpHeaders
    body: string
  }
  let server: http.Server
  let endpoint = ''
  const seen: Seen[] = []
  const nth = (index: number) => {
    const request = seen[index]
    if (!request) throw new Error(`no request ${index}`)
    return request
  }
  /** What the fake store answers: the SDK's calls, or a refusal of them all. */
  let refuse: { code: number; type: string } | null = null

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://store.test')
        seen.push({ method: request.method ?? '', url, headers: request.headers, body })
        const answer = (status: number, json: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' })
          response.end(JSON.stringify(json))
        }
        if (refuse)
          return answer(refuse.code, { message: 'No.', code: refuse.code, type: refuse.type, version: '1.8' })
        if (request.method === 'GET' && url.pathname === '/v1/users')
          return answer(200, {
            total: 1,
            users: [
              {
                $id: 'u1',
                $createdAt: '2026-11-28T10:15:02.098Z',
                email: 'ana@example.com',
                name: 'Ana',
                labels: [],
              },
            ],
          })
        if (
          request.method === 'GET' &&
          url.pathname === '/v1/databases/gallery/collections/categories/documents'
        )
          return answer(200, { total: 1, documents: [{ $id: 'automatizacion', name: 'Automatización' }] })
        if (
          request.method === 'POST' &&
          url.pathname === '/v1/databases/gallery/collections/projects/documents'
        ) {
          const params = JSON.parse(body) as { documentId: string; data: { title: string } }
          return answer(201, { $id: params.documentId, ...params.data })
        }
        answer(404, {
          message: 'Route not found.',
          code: 404,
          type: 'general_route_not_found',
          version: '1.8',
        })
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const runScript = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['docs/examples/list-members-and-add-project.mjs'], {
      cwd: root,
      env: { PATH: process.env.PATH, ...env },
    })

  it('lists members with a query and adds a project the console’s checks accept, with the key as the SDK sends it', async () => {
    seen.length = 0
    refuse = null
    const key = `standard_${randomBytes(64).toString('hex')}`
    const { stdout } = await runScript({
      STORE_ENDPOINT: endpoint,
      STORE_API_KEY: key,
      STORE_CATEGORY: 'Automatización',
    })
    expect(stdout).toContain('ana@example.com')
    expect(stdout).toMatch(/Added project \S+: Asistente de reservas con n8n/)
    expect(seen.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'GET /v1/users',
      'GET /v1/databases/gallery/collections/categories/documents',
      'POST /v1/databases/gallery/collections/projects/documents',
    ])
    for (const request of seen) {
      expect(request.headers['x-appwrite-key']).toBe(key)
      expect(request.headers['x-appwrite-project']).toBe('projects-gallery')
      // The store refuses a key that comes with an Origin header (a browser's): the SDK sends none.
      expect(request.headers.origin).toBeUndefined()
    }
    // node-appwrite sends each query as `queries[0]=…&queries[1]=…`, each a JSON object.
    const queries = (request: Seen) =>
      [...request.url.searchParams.entries()]
        .filter(([name]) => /^queries\[\d+\]$/.test(name))
        .map(([, value]) => JSON.parse(value) as unknown)
    expect(queries(nth(0))).toContainEqual({
      method: 'equal',
      attribute: 'status',
      values: [true],
    })
    expect(queries(nth(1))).toContainEqual({
      method: 'equal',
      attribute: 'name',
      values: ['Automatización'],
    })
    const created = z
      .object({ documentId: z.string().regex(ID_PATTERN), data: z.record(z.string(), z.unknown()) })
      .parse(JSON.parse(nth(2).body))
    expect(created.data.category).toBe('automatizacion')
    expect(documentDataSchemas.projects.safeParse(created.data).success).toBe(true)
  })

  it('says what the store answered when it refuses the key, and exits 1', async () => {
    refuse = { code: 401, type: 'general_unauthorized_scope' }
    const failure = await runScript({ STORE_ENDPOINT: endpoint, STORE_API_KEY: 'standard_00' }).catch(
      (error: unknown) => error,
    )
    expect(failure).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('401 general_unauthorized_scope'),
    })
    refuse = null
  })

  it('asks for its two settings when they are missing, and exits 2', async () => {
    const failure = await runScript({}).catch((error: unknown) => error)
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining('STORE_API_KEY') })
  })
})
