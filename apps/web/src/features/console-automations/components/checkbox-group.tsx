import { useId, type ReactNode } from 'react'

export interface CheckboxChoice<Value extends string> {
  value: Value
  label: ReactNode
}

/**
 * Choices to tick, in a fieldset named by its legend, with its hint and its error read with it; every
 * box is marked invalid while the group is (`invalid`, or an `error` to show), so the form's focus
 * goes to the first.
 */
export function CheckboxGroup<Value extends string>({
  legend,
  hint,
  error,
  invalid = Boolean(error),
  choices,
  checked,
  onToggle,
  legendClass = 'text-sm font-medium text-slate-800',
}: {
  legend: string
  hint?: string
  error?: string
  invalid?: boolean
  choices: CheckboxChoice<Value>[]
  checked: readonly Value[]
  onToggle: (value: Value, on: boolean) => void
  legendClass?: string
}) {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <fieldset aria-describedby={describedBy || undefined} className="min-w-0">
      <legend className={legendClass}>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <ul className="mt-2 space-y-1">
        {choices.map((choice) => (
          <li key={choice.value}>
            <label className="flex min-h-10 cursor-pointer items-start gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50">
              <input
                type="checkbox"
                checked={checked.includes(choice.value)}
                aria-invalid={invalid ? true : undefined}
                onChange={(event) => onToggle(choice.value, event.target.checked)}
                className="size-6 shrink-0 accent-blue-600"
              />
              <span className="min-w-0 pt-0.5 text-sm text-slate-800">{choice.label}</span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** Adds or removes `value`, for a group's `onToggle`. */
export const toggled = <Value extends string>(values: Value[], value: Value, on: boolean): Value[] =>
  on ? [...values.filter((other) => other !== value), value] : values.filter((other) => other !== value)
