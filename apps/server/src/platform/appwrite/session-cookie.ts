import { z } from 'zod'

/** The value of the `a_session_<projectId>` cookie: base64 of `{"id": userId, "secret": secret}`. */
const sessionValueSchema = z.object({
  id: z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/),
  secret: z.string().regex(/^[a-zA-Z0-9]{1,256}$/),
})
export type SessionValue = z.infer<typeof sessionValueSchema>

export const sessionCookieName = (projectId: string) => `a_session_${projectId}`

export function encodeSessionValue(value: SessionValue): string {
  return Buffer.from(JSON.stringify(value)).toString('base64')
}

export function decodeSessionValue(raw: string | undefined): SessionValue | null {
  if (!raw || raw.length > 1024) return null
  try {
    const parsed = sessionValueSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64').toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The JSON object the SDK keeps in localStorage and sends back as `X-Fallback-Cookies`. */
export function readFallbackCookie(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 4096) return undefined
  try {
    const parsed: unknown = JSON.parse(header)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
    const value: unknown = Object.getOwnPropertyDescriptor(parsed, name)?.value
    return typeof value === 'string' ? value : undefined
  } catch {
    return undefined
  }
}
