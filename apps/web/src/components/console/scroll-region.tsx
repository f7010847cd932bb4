import { useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * A wide table's frame: it scrolls sideways when the table is wider than the screen (a phone), and only
 * then is it a named region in the Tab order, so a keyboard user can scroll it too (axe's
 * `scrollable-region-focusable`, WCAG 2.1.1) without a stop on every table that fits.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    return () => observer.disconnect()
  }, [])
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
