import type { ReactNode } from 'react'
import { matchedSpans, type QueryWord } from '@pg/shared/search-text'

/**
 * The text with the words a search matched marked: the same rules the server matched with
 * (`@pg/shared/search-text`), so what is marked is what was found.
 */
export function HighlightedText({ text, words }: { text: string; words: readonly QueryWord[] }) {
  const spans = matchedSpans(text, words)
  if (spans.length === 0) return text
  const parts: ReactNode[] = []
  let from = 0
  for (const { start, end } of spans) {
    if (start > from) parts.push(text.slice(from, start))
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
        {text.slice(start, end)}
      </mark>,
    )
    from = end
  }
  if (from < text.length) parts.push(text.slice(from))
  return <>{parts}</>
}
