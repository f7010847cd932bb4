import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CsvSyntaxError, formatCsv, parseCsv, unescapeFormula } from '../../src/platform/lib/csv'

const syntaxError = (text: string) => {
  try {
    parseCsv(text)
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return { line: error.line, problem: error.problem, message: error.message }
    throw error
  }
  throw new Error(`read without error: ${JSON.stringify(text)}`)
}

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes and line breaks inside quotes', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\r\nlines"\r\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\r\nlines'],
    ])
  })

  it('ends a row at \\r\\n, \\n or \\r, mixed in one file, and keeps blank rows as one empty cell', () => {
    expect(parseCsv('a\n\nb\r\n\r\nc\rd')).toEqual([['a'], [''], ['b'], [''], ['c'], ['d']])
  })

  it('ignores a byte-order mark and a final line break; rows may differ in length', () => {
    expect(parseCsv('\uFEFFemail,name\r\nana@example.com\r\n')).toEqual([
      ['email', 'name'],
      ['ana@example.com'],
    ])
    expect(parseCsv('')).toEqual([])
    expect(parseCsv('a,')).toEqual([['a', '']])
  })

  it('names the line of a quote that does not end its field, line breaks in quotes counted once', () => {
    expect(syntaxError('title\n"abc"def\n')).toEqual({
      line: 2,
      problem: 'closing_quote',
      message: 'line 2: a closing quote must end the field',
    })
    expect(syntaxError('\uFEFFtitle\r\n"two\r\nlines"x\r\n')).toMatchObject({ line: 3 })
    expect(syntaxError('a\r"b\rc"d')).toMatchObject({ line: 3 })
  })

  it('names the last line of the file for a quote never closed', () => {
    expect(syntaxError('email,name\nuna@example.com,Una\n"sin-cerrar@example.com,Ana\n')).toEqual({
      line: 4,
      problem: 'never_closed',
      message: 'line 4: a quoted field is never closed',
    })
    expect(syntaxError('"a\r\nb')).toMatchObject({ line: 2, problem: 'never_closed' })
  })

  it('refuses a quote inside an unquoted field, with its line', () => {
    expect(syntaxError('title\nPantalla 27" 4K\n')).toEqual({
      line: 2,
      problem: 'opening_quote',
      message: 'line 2: a field with a quote inside must be quoted, the quote written twice',
    })
  })
})

describe('formatCsv', () => {
  it('quotes only cells with a comma, quote or line break, and ends every row with \\r\\n', () => {
    expect(
      formatCsv([
        ['id', 'title'],
        ['1', 'a, "b"'],
        ['2', 'x\ny'],
        ['3', ''],
      ]),
    ).toBe('id,title\r\n1,"a, ""b"""\r\n2,"x\ny"\r\n3,\r\n')
  })

  it('escapes and quotes a cell a spreadsheet would run as a formula, also after white space', () => {
    expect(formatCsv([['=1+1', ' @SUM(1)', '\n-2', '\tx', "'+1", "'text", 'a=b']])).toBe(
      `"'=1+1","' @SUM(1)","'\n-2","'\tx","''+1",'text,a=b\r\n`,
    )
  })

  it('round-trips any cells through parseCsv and unescapeFormula', () => {
    const cell = fc.string({
      unit: fc.constantFrom('a', ' ', ',', '"', "'", '=', '+', '-', '@', '\t', '\r', '\n', '|', 'ñ'),
    })
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        (rows) => {
          const read = parseCsv(formatCsv(rows)).map((row) => row.map(unescapeFormula))
          expect(read).toEqual(rows)
        },
      ),
    )
  })
})
