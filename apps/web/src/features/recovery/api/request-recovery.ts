import { useMutation } from '@tanstack/react-query'
import { account, client } from '../../../lib/backend'
import { RESET_PASSWORD_PATH } from '../reset-link'

/**
 * Asks for a reset link. The server answers the same whether or not the email is a member's; the email
 * comes in the page's language (the SDK sends it as `X-Appwrite-Locale`).
 */
export async function requestRecovery({
  email,
  language,
}: {
  email: string
  language: string
}): Promise<void> {
  client.setLocale(language)
  await account.createRecovery({ email, url: `${location.origin}${RESET_PASSWORD_PATH}` })
}

export const useRequestRecovery = () => useMutation({ mutationFn: requestRecovery })
