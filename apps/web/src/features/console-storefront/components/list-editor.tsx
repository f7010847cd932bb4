import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { fieldId, item, type Bound } from '../model/bound'
import { moveItem } from '../model/content-paths'
import { useProblem } from './problems-context'

/** Where the focus goes once the list is drawn again: the same button, the next item, or "Add". */
type FocusAfter = { index: number; on: 'up' | 'down' | 'first' } | { index: -1; on: 'add' }

const toolClass =
  'inline-flex min-h-9 items-center gap-1 rounded-lg px-3 text-sm font-medium ring-1 ring-inset aria-disabled:cursor-not-allowed aria-disabled:opacity-50'

/**
 * A list the owner adds to, removes from and puts in order with buttons (never by dragging alone): each
 * item a fieldset named by `itemName`, its buttons named after it ("Subir pregunta 3"), the focus kept
 * on the button pressed as the item moves, and each change announced.
 */
export function ListEditor<Item>({
  legend,
  bound,
  itemName,
  addLabel,
  newItem,
  max,
  hint,
  children,
}: {
  legend: string
  bound: Bound<Item[]>
  /** "Pregunta 3": the item's name in its legend, its buttons and the announcements. */
  itemName: (number: number) => string
  addLabel: string
  newItem: () => Item
  max: number
  hint?: string
  children: (item: Bound<Item>, index: number) => ReactNode
}) {
  const { t } = useTranslation()
  const list = useRef<HTMLFieldSetElement>(null)
  const [focus, setFocus] = useState<FocusAfter | null>(null)
  const [said, setSaid] = useState('')
  const error = useProblem(bound.path)
  const items = bound.value
  const id = fieldId(bound.path)

  useEffect(() => {
    if (!focus || !list.current) return
    const item = `[data-list-item="${focus.index}"]`
    const target = list.current.querySelector<HTMLElement>(
      focus.on === 'add'
        ? '[data-list-add]'
        : focus.on === 'first'
          ? `${item} input, ${item} textarea, ${item} select`
          : `${item} [data-list-${focus.on}]`,
    )
    target?.focus()
    setFocus(null)
  }, [focus])

  const move = (from: number, to: number, on: 'up' | 'down') => {
    if (to < 0 || to >= items.length) return
    bound.onChange(moveItem(items, from, to))
    setFocus({ index: to, on })
    setSaid(
      t('consoleStorefront.list.moved', { item: itemName(from + 1), position: to + 1, count: items.length }),
    )
  }
  const remove = (index: number) => {
    bound.onChange(items.filter((_, at) => at !== index))
    const next = Math.min(index, items.length - 2)
    setFocus(next >= 0 ? { index: next, on: 'first' } : { index: -1, on: 'add' })
    setSaid(t('consoleStorefront.list.removed', { item: itemName(index + 1) }))
  }
  const add = () => {
    bound.onChange([...items, newItem()])
    setFocus({ index: items.length, on: 'first' })
    setSaid(t('consoleStorefront.list.added', { item: itemName(items.length + 1) }))
  }

  return (
    <fieldset
      ref={list}
      id={id}
      tabIndex={-1}
      className="space-y-3"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {items.length === 0 && <p className="text-sm text-slate-600">{t('consoleStorefront.list.empty')}</p>}
      <ol className="space-y-3">
        {items.map((value, index) => {
          const name = itemName(index + 1)
          return (
            <li key={index} data-list-item={index}>
              <fieldset className="space-y-3 rounded-xl border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
                <legend className="px-1 text-sm font-semibold text-slate-800">{name}</legend>
                {children(item(bound, index, value), index)}
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    data-list-up
                    aria-disabled={index === 0}
                    onClick={() => move(index, index - 1, 'up')}
                    className={`${toolClass} bg-white text-slate-800 ring-slate-300`}
                  >
                    <span aria-hidden="true">↑</span> {t('consoleStorefront.list.up')}
                    <span className="sr-only"> {name}</span>
                  </button>
                  <button
                    type="button"
                    data-list-down
                    aria-disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1, 'down')}
                    className={`${toolClass} bg-white text-slate-800 ring-slate-300`}
                  >
                    <span aria-hidden="true">↓</span> {t('consoleStorefront.list.down')}
                    <span className="sr-only"> {name}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => remove(index)}
                    className={`${toolClass} bg-white text-red-700 ring-red-200 hover:bg-red-50`}
                  >
                    {t('consoleStorefront.list.remove')}
                    <span className="sr-only"> {name}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          )
        })}
      </ol>
      <Button variant="secondary" data-list-add onClick={add} disabled={items.length >= max}>
        {addLabel}
      </Button>
      {items.length >= max && (
        <p className="text-sm text-slate-600">{t('consoleStorefront.list.full', { count: max })}</p>
      )}
      <p role="status" className="sr-only">
        {said}
      </p>
    </fieldset>
  )
}
