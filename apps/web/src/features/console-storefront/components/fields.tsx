import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { LocalizedText } from '@pg/shared/storefront/content'
import { inputClass, labelClass } from '../../../components/console/form-field'
import { fieldId, part, type Bound } from '../model/bound'
import { useProblem } from './problems-context'

interface ControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
}

/**
 * A labelled control with its hint and its problem under it. The id comes from the field's path, so
 * the summary of problems can lead to it.
 */
export function FieldFrame({
  path,
  label,
  hint,
  error,
  children,
}: {
  path: string
  label: string
  hint?: string
  error?: string
  children: (control: ControlProps) => ReactNode
}) {
  const id = fieldId(path)
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * A text in both languages, side by side: Spanish (required unless `optional`) and English, whose
 * placeholder is the Spanish text the English page shows while it is empty.
 */
export function LocalizedField({
  label,
  bound,
  rows,
  hint,
  optional = false,
}: {
  label: string
  bound: Bound<LocalizedText>
  /** A text of several lines (a textarea this tall). */
  rows?: number
  hint?: string
  optional?: boolean
}) {
  const { t } = useTranslation()
  const es = part(bound, 'es')
  const en = part(bound, 'en')
  // A problem of the whole text (none so far) is shown with the Spanish one, which is required.
  const whole = useProblem(bound.path)
  const esError = useProblem(es.path) ?? whole
  const enError = useProblem(en.path)
  const control = (side: Bound<string>, lang: 'es' | 'en', props: ControlProps) => {
    const shared = {
      ...props,
      lang,
      value: side.value,
      placeholder: lang === 'en' ? bound.value.es : undefined,
      'aria-required': lang === 'es' && !optional ? true : undefined,
      className: `${inputClass} placeholder:text-slate-500`,
    }
    return rows ? (
      // As tall as its text (where the browser can), so nothing is hidden behind a scroll bar.
      <textarea
        {...shared}
        rows={rows}
        className={`${shared.className} field-sizing-content max-h-[36rem]`}
        onChange={(event) => side.onChange(event.target.value)}
      />
    ) : (
      <input {...shared} onChange={(event) => side.onChange(event.target.value)} />
    )
  }
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <FieldFrame
        path={es.path}
        label={t('consoleStorefront.field.es', { label })}
        hint={hint}
        error={esError}
      >
        {(props) => control(es, 'es', props)}
      </FieldFrame>
      <FieldFrame path={en.path} label={t('consoleStorefront.field.en', { label })} error={enError}>
        {(props) => control(en, 'en', props)}
      </FieldFrame>
    </div>
  )
}

/** One line of text that is not in a language (an address, an amount). */
export function TextField({
  label,
  bound,
  hint,
  type = 'text',
  inputMode,
}: {
  label: string
  bound: Bound<string>
  hint?: string
  type?: 'text' | 'email' | 'url'
  inputMode?: 'decimal' | 'url' | 'email'
}) {
  const error = useProblem(bound.path)
  return (
    <FieldFrame path={bound.path} label={label} hint={hint} error={error}>
      {(props) => (
        <input
          {...props}
          type={type}
          inputMode={inputMode}
          value={bound.value}
          onChange={(event) => bound.onChange(event.target.value)}
          className={inputClass}
        />
      )}
    </FieldFrame>
  )
}

/** A choice among a closed set of values, each with its label. */
export function ChoiceField<Value extends string>({
  label,
  bound,
  choices,
}: {
  label: string
  bound: Bound<Value>
  choices: readonly { value: Value; label: string }[]
}) {
  const error = useProblem(bound.path)
  return (
    <FieldFrame path={bound.path} label={label} error={error}>
      {(props) => (
        <select
          {...props}
          value={bound.value}
          onChange={(event) => {
            const chosen = choices.find((choice) => choice.value === event.target.value)
            if (chosen) bound.onChange(chosen.value)
          }}
          className={inputClass}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  )
}
