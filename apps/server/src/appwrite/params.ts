import type { z } from 'zod'
import { AppwriteError, invalidParam, missingParam } from './errors'
import { containsNul } from './nul'

/** Reads the JSON body as an object of parameters, as Appwrite's routes expect. */
export function bodyParams(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {}
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AppwriteError('general_argument_invalid', 'The request body must be a JSON object.')
  }
  const params = Object.fromEntries(Object.entries(body))
  for (const [name, value] of Object.entries(params)) {
    if (containsNul(value)) throw invalidParam(name, 'Value must not contain NUL characters.')
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
  reason: string,
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
  reason: string,
): T | undefined {
  if (params[name] === undefined || params[name] === null) return undefined
  return requiredParam(params, name, schema, reason)
}
