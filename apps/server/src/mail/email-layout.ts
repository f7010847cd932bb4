import escapeHtml from 'escape-html'
import type { MailLanguage } from './mail-language'
import type { StoreIdentity } from './store-identity'

/** A part of an email, in reading order; the same parts make its plain text and its HTML. */
export type EmailPart =
  | { paragraph: string }
  /** A button in HTML; in plain text, the label and the address on its own line. */
  | { button: string; href: string }
  | { list: string[] }
  /** A list of links (the weekly email's projects); in plain text, each label with its address below. */
  | { links: { label: string; href: string }[] }
  /** Smaller print: a link's validity, what to do if something fails. */
  | { note: string }

/** Only the store's own web pages are linked; anything else would be a mistake worth stopping on. */
function webLink(href: string): string {
  const url = new URL(href)
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('An email links only to web pages')
  return url.toString()
}

const textOf = (part: EmailPart): string => {
  if ('paragraph' in part) return part.paragraph
  if ('button' in part) return `${part.button}:\n${webLink(part.href)}`
  if ('list' in part) return part.list.map((item) => `- ${item}`).join('\n')
  if ('links' in part) return part.links.map((link) => `- ${link.label}\n  ${webLink(link.href)}`).join('\n')
  return part.note
}

const htmlOf = (part: EmailPart): string => {
  if ('paragraph' in part) return `<p style="margin:0 0 16px">${escapeHtml(part.paragraph)}</p>`
  if ('button' in part) {
    const href = escapeHtml(webLink(part.href))
    return (
      `<p style="margin:0 0 8px"><a href="${href}" style="display:inline-block;background:#2563eb;color:#ffffff;` +
      `text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(part.button)}</a></p>\n` +
      `<p style="margin:0 0 16px;font-size:12px;color:#64748b;word-break:break-all">${href}</p>`
    )
  }
  if ('list' in part) {
    const items = part.list.map((item) => `<li style="margin:0 0 8px">${escapeHtml(item)}</li>`).join('\n')
    return `<ul style="margin:0 0 16px;padding-left:20px">\n${items}\n</ul>`
  }
  if ('links' in part) {
    const items = part.links
      .map(
        (link) =>
          `<li style="margin:0 0 8px"><a href="${escapeHtml(webLink(link.href))}" style="color:#1d4ed8">${escapeHtml(link.label)}</a></li>`,
      )
      .join('\n')
    return `<ul style="margin:0 0 16px;padding-left:20px">\n${items}\n</ul>`
  }
  return `<p style="margin:0 0 16px;font-size:14px;color:#475569">${escapeHtml(part.note)}</p>`
}

/**
 * An email as plain text and HTML from the same parts, everything escaped. The HTML loads nothing
 * from elsewhere (no images, no fonts): mail clients block remote content, and it would tell a
 * tracker when the message was opened.
 */
export function composeEmail(input: {
  language: MailLanguage
  /** Signs the email with the store's name. */
  store: StoreIdentity
  subject: string
  parts: EmailPart[]
}) {
  const signature = `— ${input.store.name}`
  const text = [...input.parts.map(textOf), signature, ''].join('\n\n').replace(/\n+$/, '\n')
  const html = `<!doctype html>
<html lang="${input.language}">
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#0f172a">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:32px">
${input.parts.map(htmlOf).join('\n')}
<p style="margin:0;font-size:12px;color:#64748b">${escapeHtml(signature)}</p>
</div>
</body>
</html>
`
  return { subject: input.subject, text, html, fromName: input.store.name }
}
