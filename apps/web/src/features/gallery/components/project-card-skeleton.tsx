/** The shape of a card while its data loads (hidden from screen readers: the status line speaks). */
export function ProjectCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
      <div className="aspect-video w-full animate-pulse bg-slate-200" />
      <div className="space-y-3 p-4">
        <div className="h-4 w-20 animate-pulse rounded-full bg-slate-200" />
        <div className="h-5 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
      </div>
    </div>
  )
}
