import { useRef, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { currentLanguage, languages, type Language } from '../../lib/language-preference'
import type { MemberFieldProblem, MemberFieldValues } from '../../lib/console/member-fields'
import { FormDialog } from './form-dialog'
import { FormField, inputClass } from './form-field'

type MemberFormText = 'title' | 'text' | 'submit' | 'submitting' | 'email' | 'name' | 'nameHint' | 'language'

/** What a form with more than the member's fields draws of its own (the grant's note). */
export interface MoreFields<Draft, Problem> {
  draft: Draft
  errors: Partial<Record<keyof Draft, Problem>>
  edit: (change: Partial<Draft>) => void
}

/**
 * A dialog asking who is about to become a member: email, name and the language of the email they will
 * get, each with its problem in place, and `more` fields between the name and the language. The new
 * member form and the grant form are this form, each in its own words (`text`). A refused draft shows
 * its problems and moves the focus to the first field in error; `onSubmit` gets the checked draft, and
 * the dialog stays busy (neither closed nor sent twice) until it settles.
 */
export function MemberForm<Draft extends MemberFieldValues, Problem extends string = MemberFieldProblem>({
  initial,
  check,
  text,
  languageName,
  onSubmit,
  onClose,
  more,
}: {
  initial: () => Draft
  check: (draft: Draft) => { input: Draft | null; errors: Partial<Record<keyof Draft, Problem>> }
  text: (key: MemberFormText | Problem) => string
  languageName: (language: Language) => string
  onSubmit: (input: Draft) => Promise<void>
  onClose: () => void
  more?: (fields: MoreFields<Draft, Problem>) => ReactNode
}) {
  const form = useRef<HTMLFormElement>(null)
  const [draft, setDraft] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, Problem>>>({})
  const [busy, setBusy] = useState(false)
  const edit = (change: Partial<Draft>) => setDraft((old) => ({ ...old, ...change }))
  const editMember = (change: Partial<MemberFieldValues>) => setDraft((old) => ({ ...old, ...change }))

  async function submit() {
    const checked = check(draft)
    // Rendered at once, so the first field in error can take the focus.
    flushSync(() => setErrors(checked.errors))
    if (!checked.input) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      return
    }
    setBusy(true)
    try {
      await onSubmit(checked.input)
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      title={text('title')}
      text={text('text')}
      submitLabel={busy ? text('submitting') : text('submit')}
      busy={busy}
      form={form}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <FormField label={text('email')} error={errors.email && text(errors.email)}>
        {(control) => (
          <input
            {...control}
            type="email"
            required
            autoComplete="off"
            value={draft.email}
            onChange={(event) => editMember({ email: event.target.value })}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label={text('name')} hint={text('nameHint')} error={errors.name && text(errors.name)}>
        {(control) => (
          <input
            {...control}
            autoComplete="off"
            value={draft.name}
            onChange={(event) => editMember({ name: event.target.value })}
            className={inputClass}
          />
        )}
      </FormField>
      {more?.({ draft, errors, edit })}
      <FormField label={text('language')}>
        {(control) => (
          <select
            {...control}
            value={draft.language}
            onChange={(event) => editMember({ language: currentLanguage(event.target.value) })}
            className={inputClass}
          >
            {languages.map((language) => (
              <option key={language} value={language}>
                {languageName(language)}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </FormDialog>
  )
}
