import type { ReactNode } from 'react'
import type { LocalizedText } from '@pg/shared/storefront/content'
import type { Bound } from '../model/bound'
import { LocalizedField } from './fields'
import { ListEditor } from './list-editor'

export const emptyText = (): LocalizedText => ({ es: '', en: '' })

interface ListTexts {
  legend: string
  itemName: (number: number) => string
  addLabel: string
  max: number
  hint?: string
}

/** A list of texts (the hero's points, the offer's items): one text in both languages per item. */
export function TextListEditor({
  bound,
  rows,
  ...texts
}: ListTexts & { bound: Bound<LocalizedText[]>; rows?: number }) {
  return (
    <ListEditor {...texts} bound={bound} newItem={emptyText}>
      {(entry, index) => <LocalizedField label={texts.itemName(index + 1)} bound={entry} rows={rows} />}
    </ListEditor>
  )
}

interface Titled {
  title: LocalizedText
  description: LocalizedText
}

/** An item's title or description (`part` cannot see that an `Item` has them: it is a type parameter). */
const textOf = <Item extends Titled>(entry: Bound<Item>, key: keyof Titled): Bound<LocalizedText> => ({
  value: entry.value[key],
  onChange: (next) => entry.onChange({ ...entry.value, [key]: next }),
  path: `${entry.path}.${key}`,
})

/** A list of a title and a description each (steps, features, badges), with whatever else an item has. */
export function TitledListEditor<Item extends Titled>({
  bound,
  newItem,
  titleLabel,
  descriptionLabel,
  extra,
  ...texts
}: ListTexts & {
  bound: Bound<Item[]>
  newItem: () => Item
  titleLabel: string
  descriptionLabel: string
  extra?: (item: Bound<Item>) => ReactNode
}) {
  return (
    <ListEditor {...texts} bound={bound} newItem={newItem}>
      {(entry) => (
        <>
          {extra?.(entry)}
          <LocalizedField label={titleLabel} bound={textOf(entry, 'title')} />
          <LocalizedField label={descriptionLabel} bound={textOf(entry, 'description')} rows={2} />
        </>
      )}
    </ListEditor>
  )
}
