import { useMutation } from '@tanstack/react-query'
import { account } from '../../../lib/backend'

/** Sets the new password with the link's single-use secret; the server signs the member out elsewhere. */
export async function completeRecovery(input: {
  userId: string
  secret: string
  password: string
}): Promise<void> {
  await account.updateRecovery(input)
}

export const useCompleteRecovery = () => useMutation({ mutationFn: completeRecovery })
