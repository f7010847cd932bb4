import { z } from 'zod/mini'

const rateLimitBodySchema = z.object({ retryAfter: z.string().check(z.regex(/^\d{1,6}$/)) })

/**
 * The seconds to wait that the server puts beside Appwrite's fields in a 429 body (`retryAfter`: a
 * browser app reads the body, not the headers); null when the body does not say.
 */
export function retryAfterSeconds(body: string): number | null {
  try {
    const parsed = rateLimitBodySchema.safeParse(JSON.parse(body))
    return parsed.success ? Number(parsed.data.retryAfter) : null
  } catch {
    return null
  }
}

/** The whole minutes to wait, at least one, as a page says them. */
export const waitMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))
