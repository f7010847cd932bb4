import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { consoleErrorText, consoleErrorType } from '../../../lib/console/console-error'
import type { ConsoleMember } from '../api/members-api'
import { useMember, useMemberActivity, useStoreOwner } from '../hooks'
import type { MemberAction } from '../member-actions'
import { countFormat, dayFormat, momentFormat } from '../model/member-format'
import { isAdminMember, MemberBadges } from './member-badges'

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * One member, read again from the server, with what the owner can do to them. Actions that end something
 * or hand over the console are confirmed by the page (`onAction`); the others run at once.
 */
export function MemberPanel({
  userId,
  onClose,
  onAction,
}: {
  userId: string
  onClose: () => void
  onAction: (action: MemberAction, member: ConsoleMember) => Promise<void>
}) {
  const { t, i18n } = useTranslation()
  const titleId = useId()
  const member = useMember(userId)
  const activity = useMemberActivity([userId])
  const owner = useStoreOwner()
  const [busy, setBusy] = useState(false)
  const counted = activity.data?.get(userId)
  const counts = countFormat(i18n.language)
  const count = (value: number | undefined) =>
    value === undefined ? t('consoleMembers.counting') : counts.format(value)

  async function act(action: MemberAction, shown: ConsoleMember) {
    setBusy(true)
    try {
      await onAction(action, shown)
    } finally {
      setBusy(false)
    }
  }

  const shown = member.data
  // The owner keeps their label and their account whatever an admin asks (decision 058): the page says so
  // instead of offering what the server would refuse.
  const ownerSource = shown && owner.data?.userId === shown.$id ? owner.data.source : null
  return (
    <ModalDialog labelledBy={titleId} onClose={busy ? () => undefined : onClose}>
      <div className="space-y-5 p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-bold break-all text-slate-900">
            {shown?.email ?? t('consoleMembers.panel.details')}
          </h2>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('console.common.close')}
          </Button>
        </div>
        {!shown ? (
          <p role={member.isError ? 'alert' : 'status'} className="text-sm text-slate-700">
            {member.isError
              ? consoleErrorType(member.error) === 'user_not_found'
                ? t('consoleMembers.panel.notFound')
                : consoleErrorText(member.error, t)
              : t('console.common.loading')}
          </p>
        ) : (
          <>
            <dl className="divide-y divide-slate-100">
              <Detail term={t('consoleMembers.panel.name')}>
                {shown.name || t('consoleMembers.noName')}
              </Detail>
              <Detail term={t('consoleMembers.panel.email')}>
                <span className="break-all">{shown.email}</span>
              </Detail>
              <Detail term={t('consoleMembers.panel.status')}>
                <MemberBadges member={shown} owner={ownerSource !== null} />
              </Detail>
              <Detail term={t('consoleMembers.panel.role')}>
                {isAdminMember(shown) ? t('consoleMembers.panel.admin') : t('consoleMembers.panel.member')}
              </Detail>
              <Detail term={t('consoleMembers.panel.created')}>
                <time dateTime={shown.$createdAt}>
                  {dayFormat(i18n.language).format(new Date(shown.$createdAt))}
                </time>
              </Detail>
              <Detail term={t('consoleMembers.panel.lastActivity')}>
                <time dateTime={shown.accessedAt}>
                  {momentFormat(i18n.language).format(new Date(shown.accessedAt))}
                </time>
                <span className="block text-xs text-slate-600">
                  {t('consoleMembers.panel.lastActivityHint')}
                </span>
              </Detail>
              <Detail term={t('consoleMembers.panel.sessions')}>{count(counted?.sessions)}</Detail>
              <Detail term={t('consoleMembers.panel.orders')}>{count(counted?.orders)}</Detail>
            </dl>
            <section aria-labelledby={`${titleId}-actions`} className="space-y-3">
              <h3 id={`${titleId}-actions`} className="text-sm font-semibold text-slate-900">
                {t('consoleMembers.panel.actions')}
              </h3>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  disabled={busy}
                  aria-describedby={`${titleId}-invite`}
                  onClick={() => void act('invite', shown)}
                >
                  {t('consoleMembers.panel.invite')}
                </Button>
                <Button variant="secondary" disabled={busy} onClick={() => void act('signOut', shown)}>
                  {t('consoleMembers.panel.signOut')}
                </Button>
                {shown.status ? (
                  ownerSource === null && (
                    <Button variant="secondary" disabled={busy} onClick={() => void act('disable', shown)}>
                      {t('consoleMembers.panel.disable')}
                    </Button>
                  )
                ) : (
                  <Button variant="secondary" disabled={busy} onClick={() => void act('enable', shown)}>
                    {t('consoleMembers.panel.enable')}
                  </Button>
                )}
                {(ownerSource === null || !isAdminMember(shown)) && (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void act(isAdminMember(shown) ? 'removeAdmin' : 'addAdmin', shown)}
                  >
                    {isAdminMember(shown)
                      ? t('consoleMembers.panel.removeAdmin')
                      : t('consoleMembers.panel.addAdmin')}
                  </Button>
                )}
              </div>
              <p id={`${titleId}-invite`} className="text-xs text-slate-600">
                {t('consoleMembers.panel.inviteHint')}
              </p>
              {ownerSource === null ? (
                <div className="border-t border-slate-200 pt-4">
                  <Button variant="danger" disabled={busy} onClick={() => void act('delete', shown)}>
                    {t('consoleMembers.panel.delete')}
                  </Button>
                </div>
              ) : (
                <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300 ring-inset">
                  {t(`consoleMembers.panel.owner.${ownerSource}`)}
                </p>
              )}
            </section>
          </>
        )}
      </div>
    </ModalDialog>
  )
}
