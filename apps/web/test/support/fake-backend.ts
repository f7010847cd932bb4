import { AppwriteException } from 'appwrite'
import { vi } from 'vitest'

/**
 * Stands in for src/lib/backend.ts (the SDK boundary) in component tests: `vi.mock` it with
 * `() => import('./support/fake-backend')`. Starts signed out, as the SDK does without a session.
 */
export const account = {
  get: vi.fn(),
  createEmailPasswordSession: vi.fn(),
  deleteSession: vi.fn(),
  getPrefs: vi.fn(),
  updatePrefs: vi.fn(),
  createMagicURLToken: vi.fn(),
  createSession: vi.fn(),
  createRecovery: vi.fn(),
  // Two-step verification (issue 43): Appwrite's MFA methods, as the SDK names them since 1.8.
  listMFAFactors: vi.fn(),
  createMFAAuthenticator: vi.fn(),
  updateMFAAuthenticator: vi.fn(),
  deleteMFAAuthenticator: vi.fn(),
  createMFARecoveryCodes: vi.fn(),
  updateMFARecoveryCodes: vi.fn(),
  updateMFA: vi.fn(),
  createMFAChallenge: vi.fn(),
  updateMFAChallenge: vi.fn(),
}
/** An empty catalogue: the members' pages render, with nothing to list. */
export const databases = {
  listDocuments: vi.fn(),
  // A member's own documents (issue 32's collections): each test says what the server answers.
  createDocument: vi.fn(),
  getDocument: vi.fn(),
  updateDocument: vi.fn(),
  deleteDocument: vi.fn(),
}
/**
 * The SDK's generic call, which the store's own endpoints go through (`GET /v1/store/purchase`…):
 * answers a member with no order unless a test says otherwise.
 */
export const client = { call: vi.fn(), setLocale: vi.fn(), config: { endpoint: 'http://localhost:3000/v1' } }
export const noPurchase = { orders: [], bonuses: [], supportEmail: 'ayuda@tienda.example.com' }
export const databaseId = 'gallery'

export const member = { $id: 'member-1', name: 'Ada Lovelace', email: 'ada@example.com' }

/** Forgets the previous test's answers; the next test starts signed out. */
export function resetFakeBackend() {
  for (const call of Object.values(account)) call.mockReset()
  databases.listDocuments.mockReset().mockResolvedValue({ total: 0, documents: [] })
  for (const call of [databases.createDocument, databases.getDocument, databases.updateDocument])
    call.mockReset()
  databases.deleteDocument.mockReset().mockResolvedValue({})
  client.call.mockReset().mockResolvedValue(noPurchase)
  account.getPrefs.mockResolvedValue({})
  account.listMFAFactors.mockResolvedValue({
    totp: false,
    phone: false,
    email: false,
    recoveryCode: false,
    custom: false,
  })
  account.updatePrefs.mockImplementation(({ prefs }: { prefs: object }) =>
    Promise.resolve({ ...member, prefs }),
  )
  signedOut()
}

export function signedOut() {
  account.get.mockRejectedValue(
    new AppwriteException(
      'User (role: guests) missing scopes (["account"])',
      401,
      'general_unauthorized_scope',
    ),
  )
}

export function signedIn() {
  account.get.mockResolvedValue(member)
}
