/** What the member's last action did, shown and read out politely (screen readers hear every change). */
export function StatusLine({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p role="status" className={`min-h-5 text-sm font-medium text-green-800 ${className}`}>
      {text}
    </p>
  )
}

/**
 * After a move, the button pressed may have been moved out from under the focus, or be disabled now
 * (first or last place): the focus goes to it again once drawn, or to its opposite.
 */
export function focusMoveButton(key: string, direction: 'up' | 'down') {
  requestAnimationFrame(() => {
    const opposite = direction === 'up' ? 'down' : 'up'
    const find = (which: string) =>
      document.querySelector<HTMLButtonElement>(
        `[data-move="${CSS.escape(`${key}:${which}`)}"]:not(:disabled)`,
      )
    ;(find(direction) ?? find(opposite))?.focus()
  })
}
