import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { consoleErrorText } from '../../../lib/console/console-error'
import { FormField, inputClass } from '../../../components/console/form-field'
import { useNotify } from '../../../components/console/notice'
import { getProjectDraft, saveProject } from '../api/catalogue-projects'
import { catalogueKey, useCatalogueChanged, useTaxonomy } from '../hooks'
import { checkDraft, emptyDraft, type DraftErrors, type ProjectDraft } from '../model/project-draft'
import { CasesEditor, LinksEditor } from './list-editor'
import { ThumbnailPreview, VideoPreview } from './media-preview'
import { TagPicker } from './tag-picker'

/** Creates a project (`projectId` null) or edits one, in a dialog over the table. */
export function ProjectEditor({ projectId, onClose }: { projectId: string | null; onClose: () => void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const stored = useQuery({
    queryKey: [...catalogueKey, 'project', projectId],
    queryFn: () => getProjectDraft(projectId ?? ''),
    enabled: projectId !== null,
    staleTime: 0,
  })
  const ready = projectId === null || stored.data !== undefined
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {projectId ? t('consoleCatalogue.form.editTitle') : t('consoleCatalogue.form.createTitle')}
        </h2>
        {stored.isError && (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {consoleErrorText(stored.error, t)}
          </p>
        )}
        {!ready && !stored.isError && (
          <p role="status" className="mt-4 text-sm text-slate-600">
            {t('console.common.loading')}
          </p>
        )}
        {ready && (
          <ProjectForm projectId={projectId} initial={stored.data ?? emptyDraft()} onClose={onClose} />
        )}
      </div>
    </ModalDialog>
  )
}

function ProjectForm({
  projectId,
  initial,
  onClose,
}: {
  projectId: string | null
  initial: ProjectDraft
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const notify = useNotify()
  const changed = useCatalogueChanged()
  const categories = useTaxonomy('categories')
  const tags = useTaxonomy('tags')
  const [draft, setDraft] = useState(initial)
  const [errors, setErrors] = useState<DraftErrors>({})
  const [refusal, setRefusal] = useState('')
  const [saving, setSaving] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  // The form appears once the project is read: its first field takes the focus then.
  useEffect(() => form.current?.querySelector<HTMLElement>('input, select, textarea')?.focus(), [])
  const set = (change: Partial<ProjectDraft>) => setDraft((old) => ({ ...old, ...change }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (saving) return
    const found = checkDraft(draft, i18n.language)
    setErrors(found)
    setRefusal('')
    if (Object.keys(found).length > 0) {
      // The first field in error takes the focus, so its message is read out.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setSaving(true)
    try {
      await saveProject(projectId, draft)
      await changed()
      notify('success', t('consoleCatalogue.form.saved', { title: draft.title.trim() }))
      onClose()
    } catch (error) {
      setRefusal(consoleErrorText(error, t))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-5">
      {refusal && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <FormField label={t('consoleCatalogue.form.title')} error={errors.title}>
        {(control) => (
          <input
            {...control}
            value={draft.title}
            onChange={(e) => set({ title: e.target.value })}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label={t('consoleCatalogue.form.subtitle')} error={errors.subtitle}>
        {(control) => (
          <input
            {...control}
            value={draft.subtitle}
            onChange={(e) => set({ subtitle: e.target.value })}
            className={inputClass}
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('consoleCatalogue.form.author')} error={errors.author}>
          {(control) => (
            <input
              {...control}
              value={draft.author}
              onChange={(e) => set({ author: e.target.value })}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label={t('consoleCatalogue.form.category')} error={errors.categoryId}>
          {(control) => (
            <select
              {...control}
              value={draft.categoryId}
              onChange={(e) => set({ categoryId: e.target.value })}
              className={inputClass}
            >
              <option value="">{t('consoleCatalogue.form.noCategory')}</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField
        label={t('consoleCatalogue.form.youtubeUrl')}
        hint={t('consoleCatalogue.form.youtubeHint')}
        error={errors.youtubeUrl}
      >
        {(control) => (
          <>
            <input
              {...control}
              type="url"
              inputMode="url"
              value={draft.youtubeUrl}
              onChange={(e) => set({ youtubeUrl: e.target.value })}
              className={inputClass}
            />
            <VideoPreview address={draft.youtubeUrl} />
          </>
        )}
      </FormField>
      <FormField
        label={t('consoleCatalogue.form.thumbnailUrl')}
        hint={t('consoleCatalogue.form.thumbnailHint')}
        error={errors.thumbnailUrl}
      >
        {(control) => (
          <>
            <input
              {...control}
              inputMode="url"
              value={draft.thumbnailUrl}
              onChange={(e) => set({ thumbnailUrl: e.target.value })}
              className={inputClass}
            />
            <ThumbnailPreview address={draft.thumbnailUrl} />
          </>
        )}
      </FormField>
      <FormField label={t('consoleCatalogue.form.problemSolved')} error={errors.problemSolved}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={draft.problemSolved}
            onChange={(e) => set({ problemSolved: e.target.value })}
            className={inputClass}
          />
        )}
      </FormField>
      <LinksEditor links={draft.links} errors={errors} onChange={(links) => set({ links })} />
      <CasesEditor
        cases={draft.demonstrationCases}
        errors={errors}
        onChange={(demonstrationCases) => set({ demonstrationCases })}
      />
      <TagPicker tags={tags.data ?? []} chosen={draft.tagIds} onChange={(tagIds) => set({ tagIds })} />
      <div className="sticky bottom-0 -mx-6 flex justify-end gap-3 border-t border-slate-200 bg-white px-6 py-4">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          {t('console.common.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('console.common.saving') : t('console.common.save')}
        </Button>
      </div>
    </form>
  )
}
