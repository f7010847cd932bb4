import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server for the end-to-end run: the app server sends its mail here (SMTP_URL in the
 * Playwright config), and each message lands as a file in the outbox, where any test worker reads it.
 */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 4310) + 1)
export const OUTBOX_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  `${process.env.E2E_DATA_DIR ?? 'e2e/.data'}-outbox`,
)

export default async function startSmtpOutbox(): Promise<() => Promise<void>> {
  rmSync(OUTBOX_DIR, { recursive: true, force: true })
  mkdirSync(OUTBOX_DIR, { recursive: true })
  let count = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        count += 1
        writeFileSync(path.join(OUTBOX_DIR, `${String(count).padStart(4, '0')}.eml`), Buffer.concat(chunks))
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve())
  })
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}

/** Undoes quoted-printable (soft line breaks, =XX bytes), which is how nodemailer sends the text part. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let index = 0; index < joined.length; index++) {
    const hex = /^=([0-9A-F]{2})/.exec(joined.slice(index, index + 3))
    if (hex?.[1]) {
      bytes.push(Number.parseInt(hex[1], 16))
      index += 2
    } else bytes.push(joined.charCodeAt(index))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** Waits for the next message to `to` after the ones already seen, and returns it decoded. */
export async function nextMessageTo(to: string, seen: Set<string> = new Set(), timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    for (const file of (await readdir(OUTBOX_DIR)).sort()) {
      if (seen.has(file)) continue
      const raw = await readFile(path.join(OUTBOX_DIR, file), 'utf8')
      if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi').test(raw)) continue
      seen.add(file)
      return decodeQuotedPrintable(raw)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No email to ${to} arrived within ${timeoutMs} ms`)
}
