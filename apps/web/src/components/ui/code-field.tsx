import type { Ref } from 'react'
import { fieldClass, labelClass } from './field'

interface CodeFieldProps {
  id: string
  label: string
  hint: string
  /** A 6-digit code from an app or an email (the phone's keypad, offered to fill in), or a recovery code. */
  kind: 'oneTime' | 'recovery'
  invalid: boolean
  /** The id of the message that says what is wrong with it, while something is. */
  errorId?: string
  ref?: Ref<HTMLInputElement>
}

/**
 * A field for a code a member types to prove who they are (issue 43): its label, its hint, and the
 * message in error read with it. Its form sends it as `code`.
 */
export function CodeField({ id, label, hint, kind, invalid, errorId, ref }: CodeFieldProps) {
  const hintId = `${id}-hint`
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name="code"
        required
        autoComplete={kind === 'oneTime' ? 'one-time-code' : 'off'}
        inputMode={kind === 'oneTime' ? 'numeric' : 'text'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={kind === 'oneTime' ? 9 : 64}
        aria-describedby={invalid && errorId ? `${hintId} ${errorId}` : hintId}
        aria-invalid={invalid}
        className={`${fieldClass} ${kind === 'oneTime' ? 'tracking-[0.3em]' : 'font-mono'}`}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
    </div>
  )
}
