/**
 * CSV as RFC 4180 writes it (what spreadsheets open and save): comma-separated, fields quoted with `"`
 * when they hold a comma, quote or line break, `""` for a quote inside quotes. The codec is csv-parse's
 * and csv-stringify's (decision 061); this module adds what the store asks of it: errors that name the
 * line in the reader's words, and the escape against formula injection as a step on each cell.
 */

import { CsvError, parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { said, say, type ErrorMessage } from '../error-messages/error-message'

type CsvProblem = 'closing_quote' | 'never_closed' | 'opening_quote'

/** Why the reader gave up, and on which line: `line 3: a quoted field is never closed` in English. */
export class CsvSyntaxError extends Error {
  readonly said: ErrorMessage<'csvSyntax'>

  constructor(
    readonly line: number,
    readonly problem: CsvProblem,
  ) {
    const message = said('csvSyntax', { line, problem })
    super(say(message, 'en'))
    this.said = message
  }
}

/** csv-parse's error codes for text that is not CSV, in the store's words. */
const PROBLEMS: Partial<Record<CsvError['code'], CsvProblem>> = {
  CSV_INVALID_CLOSING_QUOTE: 'closing_quote',
  CSV_QUOTE_NOT_CLOSED: 'never_closed',
  INVALID_OPENING_QUOTE: 'opening_quote',
}

/** `\r\n`, `\n` and `\r` each end a line, as in the files' editors (and as records end here). */
const LINE_BREAKS = ['\r\n', '\n', '\r']
const readRows = (text: string) =>
  parse(text, { bom: true, relax_column_count: true, record_delimiter: LINE_BREAKS })

const lineCount = (text: string) => text.split(/\r\n|\r|\n/u).length

/**
 * The line csv-parse stopped on. It counts a `\r\n` inside a quoted field as two lines (one after each
 * character), so the line is read from the same text with `\r\n` written `\n`, which stops at the same
 * place. An unclosed quote is found at the end of the file, so that is its line (a final line break
 * counts, as an editor shows it).
 */
function lineOf(error: CsvError, text: string): number {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return lineCount(text)
  try {
    readRows(text.replaceAll('\r\n', '\n'))
  } catch (again) {
    if (again instanceof CsvError && typeof again.lines === 'number') return again.lines
  }
  return typeof error.lines === 'number' ? error.lines : 1
}

/** Rows of fields; a leading byte-order mark and a final line break are ignored. */
export function parseCsv(text: string): string[][] {
  try {
    return readRows(text)
  } catch (error) {
    const problem = error instanceof CsvError ? PROBLEMS[error.code] : undefined
    if (!(error instanceof CsvError) || problem === undefined) throw error
    throw new CsvSyntaxError(lineOf(error, text.startsWith('\uFEFF') ? text.slice(1) : text), problem)
  }
}

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
 * back exactly the stored value. (csv-stringify's own `escape_formulas` misses the white space before a
 * formula and a leading line feed, and is not undone by reading, so it is not used.)
 */
export const escapeFormula = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell)

/** Undoes `escapeFormula`: one leading `'` before (more quotes and) a formula character is removed. */
export const unescapeFormula = (cell: string) =>
  cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell

/** Rows as CSV lines ending `\r\n`, every cell escaped against formula injection (and quoted when escaped). */
export const formatCsv = (rows: string[][]) =>
  stringify(rows, {
    record_delimiter: 'windows',
    // A cell with a lone `\n` or `\r` is quoted too, since the reader ends a row at any of the three.
    quote_record_delimiter: true,
    cast: {
      string: (cell) => {
        const escaped = escapeFormula(cell)
        return escaped === cell ? cell : { value: escaped, quoted: true }
      },
    },
  })

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
