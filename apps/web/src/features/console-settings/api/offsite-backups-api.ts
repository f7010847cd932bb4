import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { offsiteBackupStatusSchema } from '@pg/shared/offsite-backups'
import { consoleRequest } from '../../../lib/console/console-request'

export type { OffsiteBackupStatus } from '@pg/shared/offsite-backups'

export const offsiteBackupsKey = ['console', 'settings', 'offsite-backups'] as const

/** How often the page asks again while a backup or an upload is under way. */
export const RUNNING_POLL_MS = 2000

/** `GET /v1/store/backups` (issue 42): the store's backups, local and off-site, and how the last upload went. */
export const getOffsiteBackups = () => consoleRequest('GET', '/store/backups', offsiteBackupStatusSchema)

/** `POST /v1/store/backups`: the server makes a backup and uploads it in the background (202, `running`). */
export const startOffsiteBackup = () =>
  consoleRequest('POST', '/store/backups', offsiteBackupStatusSchema, {})

/** The status, asked again every 2 s while the store is making or uploading a backup, and no more after. */
export const useOffsiteBackups = () =>
  useQuery({
    queryKey: offsiteBackupsKey,
    queryFn: getOffsiteBackups,
    refetchInterval: (query) => (query.state.data?.running ? RUNNING_POLL_MS : false),
  })

/** "Back up now": the answer is the status with `running: true`, which starts the polling. */
export function useStartOffsiteBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startOffsiteBackup,
    onSuccess: (status) => queryClient.setQueryData(offsiteBackupsKey, status),
  })
}
