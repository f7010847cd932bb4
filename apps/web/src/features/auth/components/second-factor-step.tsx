import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { CodeField } from '../../../components/ui/code-field'
import { AlertIcon } from '../../../components/ui/icons'
import { completeMfaChallenge, type CodeFactor } from '../../../lib/mfa-challenge'
import { codeFailure, isCode, typedCode, type CodeFailure } from '../../../lib/one-time-code'
import { waitMinutes } from '../../../lib/retry-after'
import { useSession } from '../session-context'

type Problem = CodeFailure | { kind: 'format' }

/**
 * The sign-in's second step for a member with two-step verification on (issue 43): a code from their
 * authenticator app, or one of their recovery codes. Once proved, the sign-in goes on as any other;
 * `onCancel` signs out (the session made by the password or the link is deleted).
 */
export function SecondFactorStep({ onCancel }: { onCancel: () => Promise<void> }) {
  const { t } = useTranslation()
  const { confirmSecondFactor } = useSession()
  const [factor, setFactor] = useState<CodeFactor>('totp')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const field = useRef<HTMLInputElement>(null)
  const switched = useRef(false)
  const problemId = useId()

  // The step replaces the form the member just sent: it is announced by its heading.
  useEffect(() => heading.current?.focus(), [])
  useEffect(() => {
    if (switched.current) field.current?.focus()
  }, [factor])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const raw = new FormData(event.currentTarget).get('code')
    const typed = typeof raw === 'string' ? raw : ''
    const code = factor === 'totp' ? typedCode(typed) : typed.replace(/\s/g, '')
    if (factor === 'totp' ? !isCode(code) : code === '') {
      setProblem({ kind: 'format' })
      field.current?.focus()
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await completeMfaChallenge(factor, code)
      await confirmSecondFactor()
    } catch (error) {
      console.error('Second factor error', error)
      setProblem(codeFailure(error))
      setBusy(false)
      field.current?.focus()
    }
  }

  async function cancel() {
    setBusy(true)
    try {
      await onCancel()
    } catch (error) {
      console.error('Sign-out error', error)
      setProblem({ kind: 'failed' })
      setBusy(false)
    }
  }

  const problemText = (found: Problem) => {
    switch (found.kind) {
      case 'format':
        return factor === 'totp'
          ? t('twoStepSignIn.errors.codeFormat')
          : t('twoStepSignIn.errors.recoveryFormat')
      case 'wrongCode':
        return factor === 'totp'
          ? t('twoStepSignIn.errors.wrongCode')
          : t('twoStepSignIn.errors.wrongRecovery')
      case 'tooMany':
        return found.waitSeconds === null
          ? t('twoStepSignIn.errors.tooMany')
          : t('twoStepSignIn.errors.tooManyFor', { count: waitMinutes(found.waitSeconds) })
      case 'failed':
        return t('twoStepSignIn.errors.failed')
    }
  }

  return (
    <div className="space-y-5">
      <div>
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          {t('twoStepSignIn.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {factor === 'totp' ? t('twoStepSignIn.intro') : t('twoStepSignIn.recoveryIntro')}
        </p>
      </div>
      <form onSubmit={submit} className="space-y-5" aria-busy={busy} noValidate>
        <CodeField
          key={factor}
          ref={field}
          id="second-factor-code"
          kind={factor === 'totp' ? 'oneTime' : 'recovery'}
          label={factor === 'totp' ? t('twoStepSignIn.code') : t('twoStepSignIn.recoveryCode')}
          hint={factor === 'totp' ? t('twoStepSignIn.codeHint') : t('twoStepSignIn.recoveryHint')}
          invalid={problem?.kind === 'format' || problem?.kind === 'wrongCode'}
          errorId={problemId}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? t('twoStepSignIn.submitting') : t('twoStepSignIn.submit')}
        </Button>
        {problem && (
          <p id={problemId} role="alert" className="flex items-start gap-2 text-sm font-medium text-red-700">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <span>{problemText(problem)}</span>
          </p>
        )}
      </form>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <button
          type="button"
          onClick={() => {
            switched.current = true
            setProblem(null)
            setFactor((shown) => (shown === 'totp' ? 'recoverycode' : 'totp'))
          }}
          className="font-medium text-blue-700 underline-offset-2 hover:underline"
        >
          {factor === 'totp' ? t('twoStepSignIn.useRecovery') : t('twoStepSignIn.useApp')}
        </button>
        <Button variant="secondary" disabled={busy} onClick={cancel}>
          {t('twoStepSignIn.cancel')}
        </Button>
      </div>
    </div>
  )
}
