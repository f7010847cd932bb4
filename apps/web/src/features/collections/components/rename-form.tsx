import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { COLLECTION_LIMITS } from '../api/collection-document'
import { useUpdateCollection } from '../api/change-collections'
import { failureText } from '../collection-failure'
import { CollectionNameField, nameProblem } from './collection-name-field'

/** A collection's name, edited in place: Escape or Cancel leaves it as it was. */
export function RenameForm({
  memberId,
  id,
  name,
  onDone,
}: {
  memberId: string
  id: string
  name: string
  /** With the new name when it was saved, without when cancelled. */
  onDone: (renamed?: string) => void
}) {
  const { t } = useTranslation()
  const [value, setValue] = useState(name)
  const [problem, setProblem] = useState<string | null>(null)
  const update = useUpdateCollection(memberId)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const wrong = nameProblem(value)
    if (wrong) {
      setProblem(t(`collections.errors.${wrong}`, { max: COLLECTION_LIMITS.nameLength }))
      return
    }
    const renamed = value.trim()
    if (renamed === name) return onDone()
    update.mutate(
      { id, data: { name: renamed } },
      {
        onSuccess: () => onDone(renamed),
        onError: (error) => setProblem(failureText(error, t('collections.errors.failed'))),
      },
    )
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone()
      }}
      className="flex w-full flex-col gap-3 sm:flex-row sm:items-start"
    >
      <CollectionNameField
        label={t('collections.rename.label', { name })}
        error={problem}
        value={value}
        // The member asked to rename: the field is where they type next.
        autoFocus
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" disabled={update.isPending}>
          {t('collections.rename.save')}
        </Button>
        <Button variant="secondary" onClick={() => onDone()}>
          {t('collections.rename.cancel')}
        </Button>
      </div>
    </form>
  )
}
