import { inputClass } from './form-field'

const labelClass = 'block text-sm font-medium text-slate-800'

/**
 * From and to days (`YYYY-MM-DD`) of a filter, each bounding the other; `describedBy` names the line that
 * says how days are counted. Two grid cells: the caller's grid places them.
 */
export function DateRangeFields({
  id,
  from,
  to,
  labels,
  describedBy,
  onChange,
}: {
  id: string
  from: string
  to: string
  labels: { from: string; to: string }
  describedBy: string
  onChange: (change: { from: string } | { to: string }) => void
}) {
  return (
    <>
      <div>
        <label htmlFor={`${id}-from`} className={labelClass}>
          {labels.from}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={from}
          max={to || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ from: event.target.value })}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={labelClass}>
          {labels.to}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ to: event.target.value })}
          className={inputClass}
        />
      </div>
    </>
  )
}
