import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { accountQueryKey } from '../../../lib/account-query'
import {
  addAuthenticator,
  factorsQueryKey,
  factorsQueryOptions,
  finishTurningOn,
  renewRecoveryCodes,
  turnOff,
  turnOn,
  type NewAuthenticator,
} from '../api/two-step-calls'
import { AccountSection, FormOutcome } from './account-section'
import { AuthenticatorSetup } from './authenticator-setup'
import { CodeCheckForm } from './code-check-form'
import { RecoveryCodes } from './recovery-codes'

/** What asks for a current code first: new recovery codes, turning off, an enrolment cut short. */
type CheckedAction = 'renew' | 'turnOff' | 'finish'

type Phase =
  | { kind: 'overview' }
  | { kind: 'setup'; authenticator: NewAuthenticator }
  | { kind: 'check'; action: CheckedAction }
  | { kind: 'codes'; codes: string[]; renewed: boolean }

/**
 * "Two-step verification" in "My account" (issue 43): turned on with an authenticator app (QR code or
 * secret, then a first code) and ten recovery codes shown once; when on, new recovery codes or turning
 * it off, each after a current code. `mfaOn` is the account's `mfa`, read again once the member has
 * seen their codes (the console's enrolment gate opens then, not before).
 */
export function TwoStepSection({ mfaOn }: { mfaOn: boolean }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const factors = useQuery(factorsQueryOptions())
  const [phase, setPhase] = useState<Phase>({ kind: 'overview' })
  // What this page changed, until the account is read again.
  const [turnedOn, setTurnedOn] = useState<boolean | null>(null)
  const status = useRef<HTMLParagraphElement>(null)
  const returning = useRef(false)
  const codesShown = useRef(false)
  const start = useMutation({
    mutationFn: addAuthenticator,
    onSuccess: (authenticator) => setPhase({ kind: 'setup', authenticator }),
    onError: (error) => console.error('Two-step verification error', error),
  })
  const isOn = turnedOn ?? mfaOn
  const unfinished = !isOn && factors.data?.totp === true

  const readAccount = () => queryClient.invalidateQueries({ queryKey: accountQueryKey })
  const readFactors = () => queryClient.invalidateQueries({ queryKey: factorsQueryKey })

  useEffect(() => {
    codesShown.current = phase.kind === 'codes'
    if (phase.kind === 'overview' && returning.current) status.current?.focus()
  }, [phase])
  // Codes left on screen by leaving the page: the account is read again all the same.
  useEffect(
    () => () => {
      if (codesShown.current) void queryClient.invalidateQueries({ queryKey: accountQueryKey })
    },
    [queryClient],
  )

  const back = () => {
    returning.current = true
    setPhase({ kind: 'overview' })
  }
  const showCodes = (codes: string[], renewed: boolean) => {
    if (!renewed) setTurnedOn(true)
    setPhase({ kind: 'codes', codes, renewed })
    void readFactors()
  }
  const checked: Record<CheckedAction, (code: string) => Promise<void>> = {
    renew: async (code) => showCodes(await renewRecoveryCodes(code), true),
    finish: async (code) =>
      showCodes(
        await finishTurningOn({ otp: code, hadRecoveryCodes: factors.data?.recoveryCode ?? false }),
        false,
      ),
    turnOff: async (code) => {
      await turnOff(code)
      await readFactors()
      setTurnedOn(false)
      back()
      void readAccount()
    },
  }

  return (
    <AccountSection heading={t('twoStep.heading')} id="two-step">
      <p className="mb-4 text-sm text-slate-600">{t('twoStep.intro')}</p>
      {phase.kind === 'setup' && (
        <AuthenticatorSetup
          authenticator={phase.authenticator}
          onCode={async (code) => showCodes(await turnOn(code), false)}
          onCancel={back}
        />
      )}
      {phase.kind === 'codes' && (
        <RecoveryCodes
          codes={phase.codes}
          renewed={phase.renewed}
          onDone={() => {
            back()
            void readAccount()
          }}
        />
      )}
      {phase.kind === 'check' && (
        <div className="space-y-3">
          <h3 className="font-semibold text-slate-900">{t(`twoStep.check.${phase.action}`)}</h3>
          <p className="text-sm text-slate-600">{t('twoStep.check.intro')}</p>
          <CodeCheckForm
            id="two-step-check-code"
            submit={t(`twoStep.check.${phase.action}Submit`)}
            danger={phase.action === 'turnOff'}
            focusOnShow
            onCode={checked[phase.action]}
            onCancel={back}
          />
        </div>
      )}
      {phase.kind === 'overview' && (
        <div className="space-y-4">
          <p ref={status} tabIndex={-1} className="font-medium text-slate-900 outline-none">
            {isOn ? t('twoStep.on') : unfinished ? t('twoStep.unfinished') : t('twoStep.off')}
          </p>
          <div className="flex flex-wrap gap-3">
            {isOn ? (
              <>
                <Button variant="secondary" onClick={() => setPhase({ kind: 'check', action: 'renew' })}>
                  {t('twoStep.renew')}
                </Button>
                <Button variant="danger" onClick={() => setPhase({ kind: 'check', action: 'turnOff' })}>
                  {t('twoStep.turnOff')}
                </Button>
              </>
            ) : unfinished ? (
              <Button onClick={() => setPhase({ kind: 'check', action: 'finish' })}>
                {t('twoStep.finish')}
              </Button>
            ) : (
              <Button disabled={start.isPending || factors.isPending} onClick={() => start.mutate()}>
                {start.isPending ? t('twoStep.starting') : t('twoStep.turnOn')}
              </Button>
            )}
          </div>
          <FormOutcome
            saved={turnedOn === false ? t('twoStep.turnedOff') : null}
            failed={
              start.isError
                ? t('twoStep.errors.failed')
                : factors.isError
                  ? t('twoStep.errors.loadFailed')
                  : null
            }
          />
        </div>
      )}
    </AccountSection>
  )
}
