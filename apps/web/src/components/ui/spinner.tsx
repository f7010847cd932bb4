/** A centred busy indicator; the label is read by screen readers and shown beside the ring. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-blue-600"
      />
      <span>{label}</span>
    </div>
  )
}
