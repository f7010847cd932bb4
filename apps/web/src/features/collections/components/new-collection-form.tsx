import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { COLLECTION_LIMITS } from '../api/collection-document'
import { useCreateCollection } from '../api/change-collections'
import { failureText } from '../collection-failure'
import { CollectionNameField, nameProblem } from './collection-name-field'

/**
 * Creates a collection, with `projectIds` in it from the start (the save dialog's "new collection with
 * this project"). A refusal (50 collections, a name too long) is said under the field.
 */
export function NewCollectionForm({
  memberId,
  projectIds = [],
  label,
  submitLabel,
  onCreated,
}: {
  memberId: string
  projectIds?: string[]
  label: string
  submitLabel: string
  onCreated: (name: string) => void
}) {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const create = useCreateCollection(memberId)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const wrong = nameProblem(name)
    if (wrong) {
      setProblem(t(`collections.errors.${wrong}`, { max: COLLECTION_LIMITS.nameLength }))
      return
    }
    setProblem(null)
    create.mutate(
      { name: name.trim(), projectIds },
      {
        onSuccess: (created) => {
          setName('')
          onCreated(created.name)
        },
        onError: (error) => setProblem(failureText(error, t('collections.errors.failed'))),
      },
    )
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <CollectionNameField
        label={label}
        hint={t('collections.new.hint', { max: COLLECTION_LIMITS.nameLength })}
        error={problem}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" disabled={create.isPending} className="sm:mt-7">
        {create.isPending ? t('collections.new.creating') : submitLabel}
      </Button>
    </form>
  )
}
