import { AppwriteException, type Models } from 'appwrite'
import { member } from './fake-backend'

/**
 * Appwrite's MFA models (issue 43) as the server answers them, typed by the SDK's own `Models` so that a
 * field missing or misnamed fails the typecheck. Small factories with overrides.
 */
export const mfaFactors = (overrides: Partial<Models.MfaFactors> = {}): Models.MfaFactors => ({
  totp: false,
  phone: false,
  email: false,
  recoveryCode: false,
  custom: false,
  ...overrides,
})

/** A base32 secret and its address, as `POST /v1/account/mfa/authenticators/totp` answers. */
export const mfaType = (): Models.MfaType => ({
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Projects%20Gallery:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Projects%20Gallery',
})

export const recoveryCodes = (prefix = 'a'): Models.MfaRecoveryCodes => ({
  recoveryCodes: Array.from({ length: 10 }, (_, index) => `${prefix}${String(index).repeat(9)}`),
})

export const mfaChallenge = (): Models.MfaChallenge => ({
  $id: 'challenge-1',
  $createdAt: '2026-03-01T10:00:00.000+00:00',
  userId: member.$id,
  expire: '2026-03-01T10:15:00.000+00:00',
})

export const user = (
  overrides: Partial<Models.User<Models.Preferences>> = {},
): Models.User<Models.Preferences> => ({
  ...member,
  $createdAt: '2026-01-01T10:00:00.000+00:00',
  $updatedAt: '2026-03-01T10:00:00.000+00:00',
  registration: '2026-01-01T10:00:00.000+00:00',
  status: true,
  labels: [],
  passwordUpdate: '2026-01-01T10:00:00.000+00:00',
  phone: '',
  emailVerification: true,
  phoneVerification: false,
  mfa: false,
  prefs: {},
  targets: [],
  accessedAt: '2026-03-01T10:00:00.000+00:00',
  ...overrides,
})

/** The session `PUT /v1/account/mfa/challenges` answers: the sign-in's, now with its second factor. */
export const session = (factors: string[] = ['password', 'totp']): Models.Session => ({
  $id: 'session-1',
  $createdAt: '2026-03-01T10:00:00.000+00:00',
  $updatedAt: '2026-03-01T10:00:00.000+00:00',
  userId: member.$id,
  expire: '2027-03-01T10:00:00.000+00:00',
  provider: 'email',
  providerUid: member.email,
  providerAccessToken: '',
  providerAccessTokenExpiry: '',
  providerRefreshToken: '',
  ip: '127.0.0.1',
  osCode: '',
  osName: '',
  osVersion: '',
  clientType: '',
  clientCode: '',
  clientName: '',
  clientVersion: '',
  clientEngine: '',
  clientEngineVersion: '',
  deviceName: '',
  deviceBrand: '',
  deviceModel: '',
  countryCode: '--',
  countryName: 'Unknown',
  current: true,
  factors,
  secret: '',
  mfaUpdatedAt: '2026-03-01T10:00:00.000+00:00',
})

/** Appwrite's error, with the body the server sends (its four fields, and any beside them). */
export function appwriteError(
  type: string,
  code: number,
  message: string,
  extra: Record<string, string> = {},
) {
  const body = { ...extra, message, code, type, version: '1.8.0' }
  return new AppwriteException(message, code, type, JSON.stringify(body))
}

export const moreFactorsRequired = () =>
  appwriteError(
    'user_more_factors_required',
    401,
    'More factors are required to complete the sign in process.',
  )
export const invalidToken = () =>
  appwriteError('user_invalid_token', 401, 'Invalid token passed in the request.')
