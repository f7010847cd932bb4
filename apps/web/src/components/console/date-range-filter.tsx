import { useId } from 'react'
import { inputClass, labelClass } from './form-field'

/** A list's days, as YYYY-MM-DD (UTC, both included, as the server counts them: decision 039). */
export interface DayRange {
  from: string
  to: string
}

/**
 * The from and to days of a list's filter, each bounding the other; `describedBy` names the line that
 * says how days are counted. Two grid cells: the caller's grid places them. Used by the orders' and the
 * audit log's filters.
 */
export function DateRangeFilter({
  range,
  labels,
  describedBy,
  onRange,
}: {
  range: DayRange
  labels: DayRange
  describedBy: string
  onRange: (change: Pick<DayRange, 'from'> | Pick<DayRange, 'to'>) => void
}) {
  const id = useId()
  return (
    <>
      <div>
        <label htmlFor={`${id}-from`} className={labelClass}>
          {labels.from}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={range.from}
          max={range.to || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onRange({ from: event.target.value })}
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
          value={range.to}
          min={range.from || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onRange({ to: event.target.value })}
          className={inputClass}
        />
      </div>
    </>
  )
}
