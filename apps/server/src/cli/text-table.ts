/** Rows as columns padded to their widest cell, two spaces apart (the first row is the heading). */
export function formatTable(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  const lines = rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  )
  return `${lines.join('\n')}\n`
}

/** `1 member`, `2 members`. */
export const counted = (count: number, noun: string, nouns = `${noun}s`) =>
  `${count} ${count === 1 ? noun : nouns}`
