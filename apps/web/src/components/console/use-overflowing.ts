import { useEffect, useState, type RefObject } from 'react'

/**
 * Whether the element's content is wider or taller than the element, so that it scrolls: measured
 * again whenever the element or its first child (the table inside) changes size, as rows arrive or
 * the window narrows to a phone's.
 */
export function useOverflowing(frame: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false)
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const measure = () =>
      setOverflowing(
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      )
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    return () => observer.disconnect()
  }, [frame])
  return overflowing
}
