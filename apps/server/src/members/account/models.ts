import { toAppwriteDate } from '../../platform/appwrite/dates'
import type { SessionRow } from './session-repository'
import type { UserRow } from './user-repository'

/** The Appwrite User model; never includes the password hash. */
export function userModel(user: UserRow) {
  return {
    $id: user.id,
    $createdAt: toAppwriteDate(user.createdAt),
    $updatedAt: toAppwriteDate(user.updatedAt),
    name: user.name,
    registration: toAppwriteDate(user.createdAt),
    status: user.enabled,
    labels: user.labels,
    passwordUpdate: toAppwriteDate(user.passwordUpdatedAt),
    email: user.email,
    phone: '',
    emailVerification: false,
    phoneVerification: false,
    mfa: user.mfa,
    prefs: user.prefs,
    targets: [],
    accessedAt: toAppwriteDate(user.accessedAt),
  }
}

/** The Appwrite Session model. `secret` stays empty: the secret only travels in the cookie. */
export function sessionModel(session: SessionRow, currentSessionId: string | undefined) {
  return {
    $id: session.id,
    $createdAt: toAppwriteDate(session.createdAt),
    $updatedAt: toAppwriteDate(session.updatedAt),
    userId: session.userId,
    expire: toAppwriteDate(session.expiresAt),
    provider: 'email',
    providerUid: '',
    providerAccessToken: '',
    providerAccessTokenExpiry: '',
    providerRefreshToken: '',
    ip: session.ip,
    osCode: '',
    osName: '',
    osVersion: '',
    clientType: '',
    clientCode: '',
    clientName: session.userAgent.slice(0, 128),
    clientVersion: '',
    clientEngine: '',
    clientEngineVersion: '',
    deviceName: '',
    deviceBrand: '',
    deviceModel: '',
    countryCode: '--',
    countryName: 'Unknown',
    current: session.id === currentSessionId,
    factors: session.factors.length > 0 ? session.factors : ['password'],
    secret: '',
    mfaUpdatedAt: session.mfaUpdatedAt ? toAppwriteDate(session.mfaUpdatedAt) : '',
  }
}
