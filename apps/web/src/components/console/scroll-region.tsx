import { useRef, type ReactNode } from 'react'
import { useOverflowing } from './use-overflowing'

/**
 * A wide table's frame: it scrolls sideways when the table is wider than the screen (a phone), and only
 * then is it a named region in the Tab order, so a keyboard user can scroll it too (axe's
 * `scrollable-region-focusable`, WCAG 2.1.1) without a stop on every table that fits. The console's
 * tables (ConsoleTable) measure the same way.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null)
  const scrolls = useOverflowing(frame)
  return (
    <div
      ref={frame}
      // Relative: sr-only texts inside scroll with the table instead of widening the page.
      className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  )
}
