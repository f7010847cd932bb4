export interface Bar {
  key: string
  label: string
  value: number
  /** The figure written beside the bar, in the page's language. */
  text: string
}

/**
 * A ranked list drawn as horizontal bars, each as long as its share of the largest: plain HTML that
 * wraps on a phone (no chart library). A picture: its section's table says the same to screen readers.
 */
export function BarList({ bars, tone = 'bg-blue-600' }: { bars: Bar[]; tone?: string }) {
  const most = Math.max(1, ...bars.map((bar) => bar.value))
  return (
    <ol className="space-y-3">
      {bars.map((bar) => (
        <li key={bar.key}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 wrap-anywhere text-slate-800">{bar.label}</span>
            <span className="shrink-0 text-right text-slate-700 tabular-nums">{bar.text}</span>
          </div>
          <div className="mt-1 h-2.5 rounded-full bg-slate-100">
            <div
              className={`h-2.5 rounded-full ${bar.value === 0 ? '' : tone}`}
              style={{ width: `${bar.value === 0 ? 0 : Math.max(2, (bar.value / most) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  )
}
