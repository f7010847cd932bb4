import { useLayoutEffect, useRef } from 'react'

type Direction = 'up' | 'down'

/**
 * After a move the button pressed may have been moved out from under the focus, or be disabled now
 * (first or last place): once the list shows the new order, the focus goes to that button again, or
 * to its opposite. `order` is the keys in the order shown; buttons carry `data-move="<key>:<direction>"`.
 */
export function useFocusAfterMove(order: readonly string[]) {
  const pending = useRef<{ key: string; direction: Direction; index: number } | null>(null)
  useLayoutEffect(() => {
    const wanted = pending.current
    if (!wanted || order.indexOf(wanted.key) !== wanted.index) return
    pending.current = null
    const find = (direction: Direction) =>
      document.querySelector<HTMLButtonElement>(
        `[data-move="${CSS.escape(`${wanted.key}:${direction}`)}"]:not(:disabled)`,
      )
    ;(find(wanted.direction) ?? find(wanted.direction === 'up' ? 'down' : 'up'))?.focus()
  })
  return (key: string, direction: Direction, index: number) => {
    pending.current = { key, direction, index }
  }
}
