import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { FormOutcome } from './account-section'

/** Copies `text` to the clipboard and says so, or says to copy it by hand when the browser refuses. */
export function CopyButton({ text, label, copied }: { text: string; label: string; copied: string }) {
  const { t } = useTranslation()
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null)

  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setOutcome('copied')
    } catch (error) {
      console.error('Copy error', error)
      setOutcome('failed')
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={copy}>
        {label}
      </Button>
      <FormOutcome
        saved={outcome === 'copied' ? copied : null}
        failed={outcome === 'failed' ? t('twoStep.errors.copyFailed') : null}
      />
    </div>
  )
}
