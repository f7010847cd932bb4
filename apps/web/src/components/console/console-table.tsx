import { useRef, type ReactNode } from 'react'
import { useOverflowing } from './use-overflowing'

export interface ConsoleColumn {
  label: string
  /** A column of figures: its heading sits over them, on the right. */
  numeric?: boolean
  /** Named for screen readers only (the column of buttons). */
  hidden?: boolean
}

/**
 * The console's framed table of a list: a caption for screen readers, a heading per column, `aria-busy`
 * while another page loads, and `empty` in place of rows when there are none. The caller draws each row
 * (a `<tr>` whose first cell is its `<th scope="row">`), or with `groups` a `<tbody>` per item (a row and
 * its details). A wide table scrolls sideways inside its frame; with `tall` a long one scrolls down too,
 * under headings that stay. Only while it scrolls is the frame a region named by the caption, in the Tab
 * order, so a keyboard can scroll it too (axe's `scrollable-region-focusable`, WCAG 2.1.1: the orders'
 * and settings' tables on a phone) without a stop on every table that fits.
 */
export function ConsoleTable<Item>({
  caption,
  columns,
  items,
  row,
  busy,
  empty,
  groups = false,
  tall = false,
  headingsOnOneLine = false,
}: {
  caption: string
  columns: ConsoleColumn[]
  items: Item[]
  row: (item: Item) => ReactNode
  busy?: boolean
  empty?: string
  groups?: boolean
  tall?: boolean
  headingsOnOneLine?: boolean
}) {
  const heading = `px-4 py-3 font-semibold${headingsOnOneLine ? ' whitespace-nowrap' : ''}`
  const rows = items.map(row)
  const frame = useRef<HTMLDivElement>(null)
  const scrolls = useOverflowing(frame)
  // Relative: the sr-only texts inside (absolutely placed) scroll with the table instead of widening the page.
  return (
    <div
      ref={frame}
      className={`relative rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${tall ? 'max-h-[32rem] overflow-auto' : 'overflow-x-auto'}`}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className={`min-w-full text-sm ${groups ? '' : 'divide-y divide-slate-200'}`} aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead className={`bg-slate-50 text-left text-slate-700 ${tall ? 'sticky top-0' : ''}`}>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.numeric ? `${heading} text-right` : heading}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        {groups ? rows : <tbody className="divide-y divide-slate-100">{rows}</tbody>}
      </table>
      {items.length === 0 && empty && <p className="p-6 text-center text-sm text-slate-600">{empty}</p>}
    </div>
  )
}
