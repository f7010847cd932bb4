import { useTranslation } from 'react-i18next'
import { analyticsFormats } from '../model/analytics-format'
import { BarList } from './bar-list'
import { ChartSection } from './chart-section'
import { DataTable } from './data-table'

export interface RankedItem {
  key: string
  label: string
  count: number
}

/**
 * A list of names and their counts (referrers, sources, searches, weeks' active members) as bars, a
 * sentence naming the first, and a table; `texts` gives the section's words.
 */
export function RankedSection({
  items,
  texts,
  tone,
}: {
  items: RankedItem[]
  texts: {
    title: string
    /** Says what the list holds, given the first item's name and count (already formatted). */
    summary: (first: RankedItem, count: string) => string
    empty: string
    caption: string
    nameColumn: string
    countColumn: string
  }
  tone?: string
}) {
  const { i18n } = useTranslation()
  const formats = analyticsFormats(i18n.language)
  const first = items.reduce<RankedItem | null>(
    (best, item) => (!best || item.count > best.count ? item : best),
    null,
  )
  return (
    <ChartSection
      title={texts.title}
      summary={first ? texts.summary(first, formats.number(first.count)) : ''}
      empty={!first || first.count === 0 ? texts.empty : null}
      chart={
        <BarList
          tone={tone}
          bars={items.map((item) => ({ ...item, value: item.count, text: formats.number(item.count) }))}
        />
      }
      table={
        <DataTable
          caption={texts.caption}
          columns={[texts.nameColumn, texts.countColumn]}
          rows={items.map((item) => ({
            key: item.key,
            heading: item.label,
            cells: [formats.number(item.count)],
          }))}
        />
      }
    />
  )
}
