import { categoryFields } from '@pg/shared/catalog-file'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { ConsoleTable } from '../../../components/console/console-table'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { consoleErrorText } from '../../../lib/console/console-error'
import { ConfirmDialog } from '../../../components/console/confirm-dialog'
import { LoadState } from '../../../components/console/console-page'
import { FormField, inputClass } from '../../../components/console/form-field'
import { useNotify } from '../../../components/console/notice'
import {
  deleteTaxonomyEntry,
  saveTaxonomyEntry,
  type TaxonomyEntry,
  type TaxonomyKind,
} from '../api/catalogue-taxonomy'
import { useCatalogueChanged, useTaxonomy } from '../hooks'
import { schemaIssueText } from '../../../lib/console/schema-issue-text'

/** Categories and tags side by side, each with how many projects use it. */
export function TaxonomyPanel() {
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <TaxonomyTable kind="categories" />
      <TaxonomyTable kind="tags" />
    </div>
  )
}

function TaxonomyTable({ kind }: { kind: TaxonomyKind }) {
  const { t } = useTranslation()
  const notify = useNotify()
  const changed = useCatalogueChanged()
  const entries = useTaxonomy(kind)
  const headingId = useId()
  const [editing, setEditing] = useState<TaxonomyEntry | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<TaxonomyEntry | null>(null)
  const texts = `consoleCatalogue.${kind}` as const
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {t(`${texts}.heading`)}
        </h3>
        <Button variant="secondary" onClick={() => setEditing(null)}>
          {t(`${texts}.create`)}
        </Button>
      </div>
      {entries.data ? (
        <ConsoleTable
          caption={t(`${texts}.heading`)}
          columns={[
            { label: t('consoleCatalogue.taxonomy.name') },
            { label: t('consoleCatalogue.taxonomy.projects'), numeric: true },
            { label: t('console.common.actions'), hidden: true },
          ]}
          items={entries.data}
          empty={t('console.common.empty')}
          tall
          row={(entry) => (
            <tr key={entry.id}>
              <th scope="row" className="px-4 py-2 text-left font-medium text-slate-900">
                {entry.name}
              </th>
              <td className="px-4 py-2 text-right tabular-nums text-slate-700">{entry.projects}</td>
              <td className="px-4 py-2">
                <div className="flex justify-end gap-2">
                  <button
                    type="button"
                    className="min-h-8 rounded-md px-2 font-medium text-blue-700 hover:bg-blue-50"
                    onClick={() => setEditing(entry)}
                    aria-label={t('consoleCatalogue.taxonomy.editNamed', { name: entry.name })}
                  >
                    {t('consoleCatalogue.taxonomy.edit')}
                  </button>
                  <button
                    type="button"
                    className="min-h-8 rounded-md px-2 font-medium text-red-700 hover:bg-red-50"
                    onClick={() => setDeleting(entry)}
                    aria-label={t('consoleCatalogue.taxonomy.deleteNamed', { name: entry.name })}
                  >
                    {t('consoleCatalogue.taxonomy.delete')}
                  </button>
                </div>
              </td>
            </tr>
          )}
        />
      ) : (
        <LoadState query={entries} />
      )}
      {editing !== undefined && (
        <EntryEditor kind={kind} entry={editing} onClose={() => setEditing(undefined)} />
      )}
      {deleting && (
        <ConfirmDialog
          title={t(`${texts}.deleteTitle`, { name: deleting.name })}
          confirmLabel={t('consoleCatalogue.taxonomy.delete')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await deleteTaxonomyEntry(kind, deleting.id)
              await changed()
              notify('success', t('consoleCatalogue.taxonomy.deleted', { name: deleting.name }))
            } catch (error) {
              notify('error', consoleErrorText(error, t))
            }
          }}
        >
          {t(`${texts}.deleteText`, { name: deleting.name, count: deleting.projects })}
        </ConfirmDialog>
      )}
    </section>
  )
}

// Categories and tags take the same fields (packages/shared: categoryFields = tagFields).
const entrySchema = z.object(categoryFields)

function EntryEditor({
  kind,
  entry,
  onClose,
}: {
  kind: TaxonomyKind
  entry: TaxonomyEntry | null
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const titleId = useId()
  const notify = useNotify()
  const changed = useCatalogueChanged()
  const [name, setName] = useState(entry?.name ?? '')
  const [description, setDescription] = useState(entry?.description ?? '')
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({})
  const [refusal, setRefusal] = useState('')
  const [saving, setSaving] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = entrySchema.safeParse({ name, description })
    if (!parsed.success) {
      const found: { name?: string; description?: string } = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0]
        if (field === 'name' || field === 'description')
          found[field] ??= schemaIssueText(issue, i18n.language)
      }
      setErrors(found)
      return
    }
    setErrors({})
    setSaving(true)
    try {
      await saveTaxonomyEntry(kind, entry?.id ?? null, { name: parsed.data.name, description })
      await changed()
      notify('success', t('consoleCatalogue.taxonomy.saved', { name: parsed.data.name }))
      onClose()
    } catch (error) {
      setRefusal(consoleErrorText(error, t))
    } finally {
      setSaving(false)
    }
  }

  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4 p-6">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {entry
            ? t(`consoleCatalogue.${kind}.editTitle`, { name: entry.name })
            : t(`consoleCatalogue.${kind}.create`)}
        </h2>
        {refusal && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {refusal}
          </p>
        )}
        <FormField label={t('consoleCatalogue.taxonomy.name')} error={errors.name}>
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(e) => setName(e.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label={t('consoleCatalogue.taxonomy.description')} error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('console.common.cancel')}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t('console.common.saving') : t('console.common.save')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}
