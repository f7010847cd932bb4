import { useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { renderSVG } from 'uqr'
import type { NewAuthenticator } from '../api/two-step-calls'
import { CopyButton } from './copy-button'

/** The secret as authenticator apps show it when typed by hand: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/**
 * Step 1 of turning two-step verification on (issue 43): the new authenticator's address as a QR code,
 * drawn here (never by another site: it holds the secret), and the secret as text for typing by hand.
 */
export function AuthenticatorQr({ authenticator }: { authenticator: NewAuthenticator }) {
  const { t } = useTranslation()
  const secretLabelId = useId()
  // uqr's SVG holds only the drawn squares (none of the address's text), so it is safe as markup.
  const svg = useMemo(() => renderSVG(authenticator.uri, { border: 2, ecc: 'M' }), [authenticator.uri])
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      <div
        role="img"
        aria-label={t('twoStep.scan.qr')}
        className="size-48 shrink-0 rounded-lg ring-1 ring-slate-200 [&>svg]:size-full"
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <div className="min-w-0 space-y-3">
        <p className="text-sm font-medium text-slate-800" id={secretLabelId}>
          {t('twoStep.scan.secret')}
        </p>
        <p
          aria-labelledby={secretLabelId}
          className="font-mono text-base tracking-wider break-all text-slate-900"
        >
          {grouped(authenticator.secret)}
        </p>
        <CopyButton
          text={authenticator.secret}
          label={t('twoStep.scan.copySecret')}
          copied={t('twoStep.scan.secretCopied')}
        />
      </div>
    </div>
  )
}
