/** `[2]`, `["/faq"]` or `.answer` (or the first `faq`): one segment of a path as the server writes it. */
const SEGMENT = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([^.[\]]+)/g

/**
 * A field's path as the server names it in problems and versions (`faq[2].answer.es`,
 * `seo.pages["/faq"].title`) as the form names its fields (`faq.2.answer.es`, `seo.pages./faq.title`).
 */
export function fromServerPath(path: string): string {
  const segments: string[] = []
  for (const match of path.matchAll(SEGMENT)) {
    const [, index, quoted, key] = match
    if (index !== undefined) segments.push(index)
    else if (key !== undefined) segments.push(key)
    else if (quoted !== undefined) {
      const parsed: unknown = JSON.parse(quoted)
      segments.push(typeof parsed === 'string' ? parsed : quoted)
    }
  }
  return segments.join('.')
}
