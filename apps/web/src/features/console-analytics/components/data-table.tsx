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
}: {
  caption: string
  /** The rows' heading column, then the figures' columns. */
  columns: string[]
  rows: DataRow[]
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
              <th scope="row" className="px-3 py-2 text-left font-normal wrap-anywhere text-slate-800">
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
