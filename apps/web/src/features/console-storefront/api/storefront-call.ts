import type { z } from 'zod'
import { client, endpoint } from '../../../lib/backend'
import type { ConsoleMethod } from '../../../lib/console/console-request'

/**
 * A call to the storefront's routes that carries the revision it started from (`If-Match: "3"`,
 * decision 073), which the console's `consoleRequest` has no header for: through the same SDK client
 * (session cookie, locale, errors as `AppwriteException`), the answer checked at this boundary.
 */
export async function storefrontCall<S extends z.ZodType>(
  method: ConsoleMethod,
  path: string,
  schema: S,
  revision: number,
  params: Record<string, unknown> = {},
): Promise<z.output<S>> {
  const headers = { 'content-type': 'application/json', 'if-match': `"${revision}"` }
  const answer: unknown = await client.call(method, new URL(`${endpoint}${path}`), headers, params)
  return schema.parse(answer)
}
