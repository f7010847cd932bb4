import type { z } from 'zod'
import { client, endpoint } from '../backend'

export type ConsoleMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/**
 * One call to an API route the `appwrite` web SDK has no service for (Appwrite's Users service is
 * server-side only; the store's own routes under /v1/store), through the SDK's client: same session
 * cookie, same headers, errors as `AppwriteException`. The answer is checked at this boundary.
 */
export async function consoleRequest<S extends z.ZodType>(
  method: ConsoleMethod,
  path: string,
  schema: S,
  params: Record<string, unknown> = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> =
    method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }
  const answer: unknown = await client.call(method, new URL(`${endpoint}${path}`), headers, params)
  return schema.parse(answer)
}

/** A route's path segment from an id typed or read elsewhere. */
export const pathPart = (value: string) => encodeURIComponent(value)
