import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'

/**
 * Copies `text` to the clipboard and says so politely beside the button, or says to copy it by hand
 * when the browser refuses. `label` names what is copied for screen readers.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation()
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null)

  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setOutcome('copied')
    } catch {
      // No clipboard (an insecure page, a refused permission): the field is there to select by hand.
      setOutcome('failed')
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={() => void copy()} aria-label={label}>
        {t('consoleAutomations.secret.copy')}
      </Button>
      <p role="status" aria-live="polite" className="text-sm font-medium">
        {outcome === 'copied' && (
          <span className="text-green-800">{t('consoleAutomations.secret.copied')}</span>
        )}
        {outcome === 'failed' && (
          <span className="text-red-700">{t('consoleAutomations.secret.copyFailed')}</span>
        )}
      </p>
    </div>
  )
}
