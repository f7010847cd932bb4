import { useId, type RefObject } from 'react'
import { labelClass } from './form-field'

/**
 * A labelled file input for an import, with the reason a file was refused under it (announced, and
 * named by the input's description).
 */
export function FileField({
  label,
  accept,
  disabled,
  error,
  input,
  onFile,
}: {
  label: string
  accept: string
  disabled: boolean
  error: string
  input: RefObject<HTMLInputElement | null>
  onFile: (file: File | undefined) => void
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={`${id}-file`} className={labelClass}>
        {label}
      </label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-describedby={error ? `${id}-file-error` : undefined}
        onChange={(event) => onFile(event.target.files?.[0])}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:min-h-9 file:rounded-lg file:border-0 file:bg-blue-50 file:px-4 file:py-2 file:font-semibold file:text-blue-800"
      />
      {error && (
        <p id={`${id}-file-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
