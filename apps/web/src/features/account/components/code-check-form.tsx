import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { CodeField } from '../../../components/ui/code-field'
import { codeFailure, isCode, typedCode, type CodeFailure } from '../../../lib/one-time-code'
import { waitMinutes } from '../../../lib/retry-after'
import { FormOutcome } from './account-section'

type Problem = CodeFailure | { kind: 'format' }

interface CodeCheckFormProps {
  /** Unique in the page: the field's id. */
  id: string
  submit: string
  onCode: (code: string) => Promise<void>
  onCancel?: () => void
  /** The field takes the focus when the form appears (not when a heading above it does). */
  focusOnShow?: boolean
  danger?: boolean
}

/**
 * A current code from the member's authenticator app, then `onCode` with it: to verify a new
 * authenticator, to turn two-step verification off, or to make new recovery codes (issue 43). A code
 * refused is said in the page's language, and the field has the focus again.
 */
export function CodeCheckForm({ id, submit, onCode, onCancel, focusOnShow, danger }: CodeCheckFormProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  const field = useRef<HTMLInputElement>(null)
  const problemId = useId()

  useEffect(() => {
    if (focusOnShow) field.current?.focus()
  }, [focusOnShow])

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const raw = new FormData(event.currentTarget).get('code')
    const code = typeof raw === 'string' ? typedCode(raw) : ''
    if (!isCode(code)) {
      setProblem({ kind: 'format' })
      field.current?.focus()
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await onCode(code)
    } catch (error) {
      console.error('Two-step verification error', error)
      setProblem(codeFailure(error))
      field.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  const problemText = (found: Problem) => {
    switch (found.kind) {
      case 'format':
        return t('twoStep.errors.codeFormat')
      case 'wrongCode':
        return t('twoStep.errors.wrongCode')
      case 'tooMany':
        return found.waitSeconds === null
          ? t('twoStep.errors.tooMany')
          : t('twoStep.errors.tooManyFor', { count: waitMinutes(found.waitSeconds) })
      case 'failed':
        return t('twoStep.errors.failed')
    }
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-4" aria-busy={busy} noValidate>
      <CodeField
        ref={field}
        id={id}
        kind="oneTime"
        label={t('twoStep.code')}
        hint={t('twoStep.codeHint')}
        invalid={problem?.kind === 'format' || problem?.kind === 'wrongCode'}
        errorId={problemId}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
          {busy ? t('twoStep.checking') : submit}
        </Button>
        {onCancel && (
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {t('twoStep.cancel')}
          </Button>
        )}
      </div>
      <div id={problemId}>
        <FormOutcome saved={null} failed={problem ? problemText(problem) : null} />
      </div>
    </form>
  )
}
