import { useId, type InputHTMLAttributes } from 'react'
import { fieldClass, labelClass } from '../../../components/ui/field'
import { COLLECTION_LIMITS } from '../api/collection-document'

/**
 * A collection's name with its label, its hint and, when a create or rename was refused, why: said
 * under the field as an alert and tied to it (`aria-describedby`).
 */
export function CollectionNameField({
  label,
  hint,
  error,
  ...input
}: {
  label: string
  hint?: string
  error: string | null
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name="name"
        autoComplete="off"
        maxLength={COLLECTION_LIMITS.nameLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={fieldClass}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

/** What is wrong with a typed name before asking the server, or null. */
export function nameProblem(name: string): 'nameRequired' | 'nameTooLong' | null {
  if (name.trim() === '') return 'nameRequired'
  return name.trim().length > COLLECTION_LIMITS.nameLength ? 'nameTooLong' : null
}
