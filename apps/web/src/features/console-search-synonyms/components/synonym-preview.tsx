import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { inputClass, labelClass } from '../../../components/console/form-field'
import { Button } from '../../../components/ui/button'
import { consoleErrorText } from '../../../lib/console/console-error'
import { previewSearch, type SynonymPreview as Preview } from '../api/search-synonyms-api'

/** What a query finds, its first titles, with the synonyms in force and without them, side by side. */
export function SynonymPreview() {
  const { t } = useTranslation()
  const headingId = useId()
  const inputId = useId()
  const [text, setText] = useState('')
  const [preview, setPreview] = useState<Preview | null>(null)
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (text.trim() === '') return
    setBusy(true)
    setRefusal('')
    try {
      setPreview(await previewSearch(text))
    } catch (error) {
      setPreview(null)
      setRefusal(consoleErrorText(error, t))
    } finally {
      setBusy(false)
    }
  }

  const titles = (heading: string, found: string[]) => (
    <div>
      <h5 className="text-sm font-semibold text-slate-800">{heading}</h5>
      {found.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t('consoleSynonyms.nothingFound')}</p>
      ) : (
        <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-800">
          {found.map((title, at) => (
            <li key={`${at} ${title}`}>{title}</li>
          ))}
        </ol>
      )}
    </div>
  )

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h4 id={headingId} className="text-base font-semibold text-slate-900">
        {t('consoleSynonyms.previewHeading')}
      </h4>
      <form role="search" onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className={labelClass}>
            {t('consoleSynonyms.previewLabel')}
          </label>
          <input
            id={inputId}
            type="search"
            value={text}
            maxLength={256}
            onChange={(event) => setText(event.target.value)}
            className={inputClass}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {t('consoleSynonyms.previewButton')}
        </Button>
      </form>
      {refusal && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <div aria-live="polite">
        {preview && (
          <div className="space-y-2">
            <p className="text-sm text-slate-700">{t('consoleSynonyms.previewCaption', { q: preview.q })}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              {titles(t('consoleSynonyms.withSynonyms'), preview.withSynonyms)}
              {titles(t('consoleSynonyms.withoutSynonyms'), preview.withoutSynonyms)}
            </div>
          </div>
        )}
      </div>
    </section>
  )
}
