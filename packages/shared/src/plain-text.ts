/**
 * Control characters in free text (issue 28, item 10; decision 058): C0 and C1 controls and DEL, which
 * a terminal, a log viewer or a spreadsheet may act on (an escape sequence, a carriage return that hides
 * what came before), and the bidirectional overrides and isolates that show a file name such as
 * `factura‮fdp.exe` as `factura.exe…`. Zero-width joiners and other format characters that emoji and
 * scripts need stay.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
const CONTROLS_BUT_TABS_AND_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu
const BREAKS_AND_TABS = /[\t\n\r\u2028\u2029\u0085]+/gu

/** A one-line text (a name, a title, a file name): tabs and line breaks become a space, other controls go. */
export const singleLineText = (text: string): string =>
  text.replace(BREAKS_AND_TABS, ' ').replace(CONTROLS, '')

/** A text that is several lines by nature (a note, a description): tabs and `\n` stay, `\r\n` is `\n`. */
export const multiLineText = (text: string): string =>
  text.replace(/\r\n?/gu, '\n').replace(CONTROLS_BUT_TABS_AND_LINES, '')

function plainValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return multiLineText(value)
  if (depth > 64 || typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map((item: unknown) => plainValue(item, depth + 1))
  return plainObject(Object.entries(value), depth)
}

function plainObject(entries: [string, unknown][], depth: number): Record<string, unknown> {
  return Object.fromEntries(entries.map(([key, item]) => [singleLineText(key), plainValue(item, depth + 1)]))
}

/** A JSON object with every string in it plain multi-line text and every key one line (the audit log's). */
export const plainTextObject = (value: Record<string, unknown>): Record<string, unknown> =>
  plainObject(Object.entries(value), 0)
