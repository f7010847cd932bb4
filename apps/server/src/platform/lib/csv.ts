/**
 * CSV as RFC 4180 writes it (what spreadsheets open and save): comma-separated, fields quoted with `"`
 * when they hold a comma, quote or line break, `""` for a quote inside quotes.
 */

import { said, say, type ErrorMessage } from '../error-messages/error-message'

/** Why the reader gave up, and on which line: `line 3: a quoted field is never closed` in English. */
export class CsvSyntaxError extends Error {
  readonly said: ErrorMessage<'csvSyntax'>

  constructor(
    readonly line: number,
    readonly problem: 'closing_quote' | 'never_closed',
  ) {
    const message = said('csvSyntax', { line, problem })
    super(say(message, 'en'))
    this.said = message
  }
}

/** Rows of fields; a leading byte-order mark and a final line break are ignored. */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let index = 0
  const endField = () => {
    row.push(field)
    field = ''
  }
  const endRow = () => {
    endField()
    rows.push(row)
    row = []
  }
  while (index < input.length) {
    const character = input[index]
    if (quoted) {
      if (character === '"') {
        if (input[index + 1] === '"') {
          field += '"'
          index += 2
          continue
        }
        quoted = false
        const next = input[index + 1]
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          throw new CsvSyntaxError(line, 'closing_quote')
        }
      } else {
        if (character === '\n') line += 1
        field += character
      }
      index += 1
      continue
    }
    if (character === '"' && field === '') quoted = true
    else if (character === ',') endField()
    else if (character === '\r' && input[index + 1] === '\n') {
      endRow()
      line += 1
      index += 1
    } else if (character === '\n' || character === '\r') {
      endRow()
      line += 1
    } else field += character
    index += 1
  }
  if (quoted) throw new CsvSyntaxError(line, 'never_closed')
  if (field !== '' || row.length > 0) endRow()
  return rows
}

const quote = (field: string) => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)

/**
 * A cell a spreadsheet would run as a formula starts with one of these (OWASP, "CSV Injection"), also
 * after a run of quotes once escaped, so quotes are part of the pattern: that keeps the escape reversible.
 * Spreadsheets skip leading spaces and line breaks before a formula (` =1+1`, `\n=1+1`), so any run of
 * white space before `=`, `+`, `-`, `@` counts too (issue 28, item 10), as does a line break at the start.
 */
const FORMULA_START = /^'*(?:[\t\r\n]|\s*[=+\-@])/u

/**
 * OWASP's defence: a `'` before a cell that starts with `=`, `+`, `-`, `@` (after any white space), tab,
 * carriage return or line feed (and the cell quoted), so a spreadsheet shows it as text. A value that
 * already starts with quotes followed by one of those gets one more quote, so `unescapeFormula` gives
 * back exactly the stored value.
 */
export const escapeFormula = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell)

/** Undoes `escapeFormula`: one leading `'` before (more quotes and) a formula character is removed. */
export const unescapeFormula = (cell: string) =>
  cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell

/** Rows as CSV, every cell escaped against formula injection (and quoted when escaped). */
export const formatCsv = (rows: string[][]) =>
  rows
    .map((row) =>
      row
        .map((cell) => {
          const escaped = escapeFormula(cell)
          return escaped === cell ? quote(cell) : `"${escaped.replace(/"/g, '""')}"`
        })
        .join(','),
    )
    .join('\r\n') + '\r\n'

/**
 * A list inside one cell: items separated by `|`; a `|` or `\` inside an item is written `\|` or `\\`.
 */
export function splitList(cell: string): string[] {
  if (cell.trim() === '') return []
  const items: string[] = []
  let item = ''
  for (let index = 0; index < cell.length; index++) {
    const character = cell[index]
    if (character === '\\' && (cell[index + 1] === '|' || cell[index + 1] === '\\')) {
      item += cell[index + 1]
      index += 1
    } else if (character === '|') {
      items.push(item.trim())
      item = ''
    } else item += character
  }
  items.push(item.trim())
  return items
}

export const joinList = (items: string[]) =>
  items.map((item) => item.replace(/\\/g, '\\\\').replace(/\|/g, '\\|')).join('|')
