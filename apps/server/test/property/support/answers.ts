import { expect } from 'vitest'
import { QUERY_LIMITS } from '../../../src/platform/appwrite/queries'
import { DB, type CollectionId } from './query-model'

/** What a request answered, and the checks every answer of the documents API must pass. */
export interface Answer {
  status: number
  body: unknown
  url: string
}

export interface DocumentList {
  total: number
  documents: Record<string, unknown>[]
}

export type ErrorType = 'general_query_invalid' | 'general_argument_invalid' | 'general_cursor_not_found'
const ERROR_TYPES: readonly ErrorType[] = [
  'general_query_invalid',
  'general_argument_invalid',
  'general_cursor_not_found',
]

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `queries[0]=…&queries[1]=…` as the SDK sends them. */
export function queryString(texts: readonly string[]): string {
  const params = new URLSearchParams()
  texts.forEach((text, index) => params.append(`queries[${index}]`, text))
  return params.toString()
}

/** The response body as JSON, or as text when it is not JSON (the assertions report it). */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export const describeAnswer = (answer: Answer) => {
  let url = answer.url
  try {
    url = decodeURIComponent(answer.url)
  } catch {
    // Keep the encoded form.
  }
  return `GET ${url.slice(0, 600)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`
}

export function expectBadRequest(answer: Answer, type?: ErrorType): void {
  const context = describeAnswer(answer)
  expect(answer.status, context).toBe(400)
  if (!isRecord(answer.body)) throw new Error(`Error body is not a JSON object: ${context}`)
  const { message, code, version } = answer.body
  expect(typeof message === 'string' && message.trim().length > 0, context).toBe(true)
  expect(code, context).toBe(answer.status)
  expect(ERROR_TYPES, context).toContain(answer.body.type)
  if (type) expect(answer.body.type, context).toBe(type)
  expect(typeof version === 'string' && version.length > 0, context).toBe(true)
}

export function expectDocumentList(answer: Answer, collection: CollectionId): DocumentList {
  const context = describeAnswer(answer)
  expect(answer.status, context).toBe(200)
  const body = answer.body
  if (!isRecord(body) || typeof body.total !== 'number' || !Array.isArray(body.documents)) {
    throw new Error(`Not a document list: ${context}`)
  }
  expect(Number.isInteger(body.total) && body.total >= 0, context).toBe(true)
  const documents: Record<string, unknown>[] = []
  for (const document of body.documents) {
    if (!isRecord(document)) throw new Error(`Not a document: ${context}`)
    expect(typeof document.$id === 'string' && document.$id !== '', context).toBe(true)
    expect(typeof document.$sequence === 'string' && /^\d+$/.test(document.$sequence), context).toBe(true)
    expect(document.$collectionId, context).toBe(collection)
    expect(document.$databaseId, context).toBe(DB)
    expect(document.$permissions, context).toEqual([])
    documents.push(document)
  }
  expect(documents.length, context).toBeLessThanOrEqual(QUERY_LIMITS.maxLimit)
  return { total: body.total, documents }
}

/** The only acceptable outcomes for a request built from arbitrary values: a list or an Appwrite 400. */
export function expectListOrBadRequest(answer: Answer, collection: CollectionId): DocumentList | null {
  if (answer.status === 200) return expectDocumentList(answer, collection)
  expectBadRequest(answer)
  return null
}

export const idsOf = (documents: Record<string, unknown>[]) =>
  documents.map((document) => String(document.$id))
