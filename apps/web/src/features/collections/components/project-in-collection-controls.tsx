import { useTranslation } from 'react-i18next'
import { ArrowDownIcon, ArrowUpIcon, CloseIcon } from '../../../components/ui/icons'
import { useCollectionEditing } from './collection-editing'
import { roundButtonClass } from './round-button'

/** On the owner's own collection page, beside a card's heart: move the project earlier, later, or out. */
export function ProjectInCollectionControls({ projectId, title }: { projectId: string; title: string }) {
  const { t } = useTranslation()
  const editing = useCollectionEditing()
  if (!editing) return null
  const index = editing.projectIds.indexOf(projectId)
  const buttons = [
    { key: 'up', label: t('collections.project.up', { title }), Icon: ArrowUpIcon, off: index <= 0 },
    {
      key: 'down',
      label: t('collections.project.down', { title }),
      Icon: ArrowDownIcon,
      off: index === editing.projectIds.length - 1,
    },
  ] as const
  return (
    <>
      {buttons.map(({ key, label, Icon, off }) => (
        <button
          key={key}
          type="button"
          data-move={`${projectId}:${key}`}
          disabled={off}
          aria-label={label}
          title={label}
          onClick={() => editing.move(projectId, title, key)}
          className={roundButtonClass}
        >
          <Icon className="size-5" />
        </button>
      ))}
      <button
        type="button"
        aria-label={t('collections.project.remove', { title })}
        title={t('collections.project.remove', { title })}
        onClick={() => editing.remove(projectId, title)}
        className={`${roundButtonClass} hover:text-red-700`}
      >
        <CloseIcon className="size-5" />
      </button>
    </>
  )
}
