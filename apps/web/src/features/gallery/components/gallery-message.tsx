import type { ReactNode } from 'react'

/** A short message in place of the grid (failure, nothing found), with an optional action. */
export function GalleryMessage({
  tone,
  children,
  action,
}: {
  tone: 'error' | 'neutral'
  children: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <div
        role={tone === 'error' ? 'alert' : 'status'}
        className={tone === 'error' ? 'text-red-600' : 'text-slate-700'}
      >
        {children}
      </div>
      {action}
    </div>
  )
}
