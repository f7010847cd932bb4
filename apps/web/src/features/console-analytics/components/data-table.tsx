import type { ReactNode } from 'react'
import { ScrollRegion } from '../../../components/console/scroll-region'

export interface DataRow {
  key: string
  /** The row's heading (a day, a domain, a project), then its figures. */
  heading: ReactNode
  cells: ReactNode[]
}

/** A chart's numbers: a caption, a heading per column (figures on the right), a heading per row. */
export function DataTable({
  caption,
  columns,
  rows,
  headingsOnOneLine = false,
}: {
  caption: string
  /** The rows' heading column, then the figures' columns. */
  columns: string[]
  rows: DataRow[]
  /** Row headings kept whole (days): the table scrolls sideways on a phone rather than break them. */
  headingsOnOneLine?: boolean
}) {
  return (
    <ScrollRegion label={caption}>
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={`px-3 py-2 font-semibold ${index > 0 ? 'text-right' : ''}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.key}>
              <th
                scope="row"
                className={`px-3 py-2 text-left font-normal text-slate-800 ${headingsOnOneLine ? 'whitespace-nowrap' : 'wrap-break-word'}`}
              >
                {row.heading}
              </th>
              {row.cells.map((cell, index) => (
                <td
                  key={index}
                  className="px-3 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums"
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}
