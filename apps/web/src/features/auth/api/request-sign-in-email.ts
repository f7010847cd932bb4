import { SIGN_IN_LINK_PATH } from '@pg/shared/routes'

/**
 * Asks for an email with a sign-in link and a 6-digit code (issue 31), in the page's language. The server
 * answers the same for every email; the answer's `userId` is what the code is typed against.
 */
export async function requestSignInEmail(input: {
  email: string
  language: string
}): Promise<{ userId: string }> {
  const { account, client } = await import('../../../lib/backend')
  const { ID } = await import('appwrite')
  client.setLocale(input.language)
  const token = await account.createMagicURLToken({
    userId: ID.unique(),
    email: input.email,
    url: `${location.origin}${SIGN_IN_LINK_PATH}`,
  })
  return { userId: token.userId }
}
