import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField, inputClass } from '../../../components/console/form-field'
import { useNotify } from '../../../components/console/notice'
import { Button } from '../../../components/ui/button'
import { consoleErrorText } from '../../../lib/console/console-error'
import { useSynonymChanges } from '../api/search-synonyms-api'

/** The server's bound of a side, as typed (it also counts words: 1 to 5). */
const SIDE_MAX_CHARACTERS = 60

type Side = 'oneSide' | 'otherSide'

/** Two fields, one side and the other: the server folds them (case, accents) and refuses what it must. */
export function AddSynonymForm() {
  const { t } = useTranslation()
  const notify = useNotify()
  const { add } = useSynonymChanges()
  const [sides, setSides] = useState<Record<Side, string>>({ oneSide: '', otherSide: '' })
  const [errors, setErrors] = useState<Partial<Record<Side, string>>>({})
  const [refusal, setRefusal] = useState('')

  async function submit(event: FormEvent) {
    event.preventDefault()
    const missing: Partial<Record<Side, string>> = {}
    for (const side of ['oneSide', 'otherSide'] as const)
      if (sides[side].trim() === '') missing[side] = t('consoleSynonyms.sideRequired')
    setErrors(missing)
    setRefusal('')
    if (Object.keys(missing).length > 0) return
    try {
      const added = await add.mutateAsync(sides)
      notify('success', t('consoleSynonyms.added', { oneSide: added.oneSide, otherSide: added.otherSide }))
      setSides({ oneSide: '', otherSide: '' })
    } catch (error) {
      setRefusal(consoleErrorText(error, t))
    }
  }

  const field = (side: Side) => (
    <FormField label={t(`consoleSynonyms.${side}`)} hint={t('consoleSynonyms.sideHint')} error={errors[side]}>
      {(control) => (
        <input
          {...control}
          value={sides[side]}
          maxLength={SIDE_MAX_CHARACTERS}
          autoComplete="off"
          onChange={(event) => setSides((old) => ({ ...old, [side]: event.target.value }))}
          className={inputClass}
        />
      )}
    </FormField>
  )

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      {refusal && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {field('oneSide')}
        {field('otherSide')}
      </div>
      <Button type="submit" disabled={add.isPending}>
        {t('consoleSynonyms.add')}
      </Button>
    </form>
  )
}
