import { useEffect, useRef, useState } from 'react'

/** The widths a visitor's screen has: a common phone's and a laptop's. */
export const PREVIEW_SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const
export type PreviewSize = keyof typeof PREVIEW_SIZES

/**
 * A page's HTML in a frame that runs nothing (`sandbox=""`: no scripts, no forms, no navigation of the
 * console), drawn at the visitor's width and scaled down as a whole when the console is narrower.
 */
export function PreviewFrame({ html, title, size }: { html: string; title: string; size: PreviewSize }) {
  const box = useRef<HTMLDivElement>(null)
  const [room, setRoom] = useState<number>(PREVIEW_SIZES[size].width)
  useEffect(() => {
    const element = box.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setRoom(entry.contentRect.width)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const { width, height } = PREVIEW_SIZES[size]
  const scale = room > 0 ? Math.min(1, room / width) : 1
  return (
    <div ref={box} className="w-full">
      <div
        className="mx-auto overflow-hidden rounded-xl border border-slate-300 bg-white shadow-sm"
        style={{ width: width * scale, height: height * scale }}
      >
        <iframe
          sandbox=""
          srcDoc={html}
          title={title}
          width={width}
          height={height}
          style={{ transform: `scale(${scale})`, transformOrigin: 'top left' }}
          className="block border-0"
        />
      </div>
    </div>
  )
}
