import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { said, type ErrorMessage } from '../error-messages/error-message'
import { AppwriteError, invalidParam, missingParam } from './errors'
import { unstorableText } from './nul'

/** Reads the JSON body as an object of parameters, as Appwrite's routes expect. */
export function bodyParams(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {}
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AppwriteError('general_argument_invalid', said('bodyNotObject'))
  }
  const params = Object.fromEntries(Object.entries(body))
  for (const [name, value] of Object.entries(params)) {
    const unstorable = unstorableText(value)
    if (unstorable === 'nul') throw invalidParam(name, said('noNulReason'))
    if (unstorable === 'surrogate') throw invalidParam(name, said('unicodeReason'))
  }
  return params
}

/**
 * One named parameter: missing gives `Param "x" is not optional.`, a bad value ``Invalid `x` param: …``
 * with the reason Appwrite's validators give.
 */
export function requiredParam<T>(
  params: Record<string, unknown>,
  name: string,
  schema: z.ZodType<T>,
  reason: ErrorMessage,
): T {
  const value = params[name]
  if (value === undefined || value === null) throw missingParam(name)
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw invalidParam(name, reason)
  return parsed.data
}

export function optionalParam<T>(
  params: Record<string, unknown>,
  name: string,
  schema: z.ZodType<T>,
  reason: ErrorMessage,
): T | undefined {
  if (params[name] === undefined || params[name] === null) return undefined
  return requiredParam(params, name, schema, reason)
}

/** An id a client chooses for a new user or document, or `unique()` for one the server makes. */
export const NEW_ID_PATTERN = /^(unique\(\)|[a-zA-Z0-9][a-zA-Z0-9._-]{0,35})$/

/** A required new id parameter (`userId`, `documentId`); `unique()` gives undefined: the server makes one. */
export function newIdParam(params: Record<string, unknown>, name: string): string | undefined {
  const id = requiredParam(params, name, z.string().regex(NEW_ID_PATTERN), said('newIdReason'))
  return id === 'unique()' ? undefined : id
}

/** The query string's parameters as an object (empty when there is none). */
export function queryParams(request: FastifyRequest): Record<string, unknown> {
  return typeof request.query === 'object' && request.query !== null ? { ...request.query } : {}
}

/** Appwrite's `total` parameter of list routes: counted unless `false` or `0`. */
export function readTotalParam(query: Record<string, unknown>): boolean {
  const total = query.total
  if (total !== undefined && !['true', 'false', '1', '0'].includes(String(total)))
    throw invalidParam('total', said('booleanReason'))
  return total !== 'false' && total !== '0'
}
