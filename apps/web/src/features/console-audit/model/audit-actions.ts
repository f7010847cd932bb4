/**
 * The actions the audit log holds (decision 037), each with the name of its text: the console's (the
 * catalogue's documents, members, orders, an import), the admin CLI's commands, a member's changes to
 * their own account (issue 31), what becomes of the store's backups (issue 42) and the automations' keys
 * and webhooks (issue 44). An action the page
 * does not know (a later command) is shown as the server names it.
 */
export const AUDIT_ACTIONS = {
  'document.create': 'documentCreate',
  'document.update': 'documentUpdate',
  'document.delete': 'documentDelete',
  'synonym.create': 'synonymCreate',
  'synonym.delete': 'synonymDelete',
  'member.create': 'memberCreate',
  'member.enable': 'memberEnable',
  'member.disable': 'memberDisable',
  'member.labels': 'memberLabels',
  'member.name': 'memberName',
  'member.email': 'memberEmail',
  'member.delete': 'memberDelete',
  'member.sessions.delete': 'memberSessionsDelete',
  'member.session.delete': 'memberSessionDelete',
  'member.invite': 'memberInvite',
  'member.import': 'memberImport',
  'order.grant': 'orderGrant',
  'order.refund': 'orderRefund',
  'catalog import': 'catalogImport',
  'users create': 'usersCreate',
  'users import': 'usersImport',
  'users label': 'usersLabel',
  'users disable': 'usersDisable',
  'users enable': 'usersEnable',
  'users delete': 'usersDelete',
  'users set-password': 'usersSetPassword',
  'users sessions revoke': 'usersSessionsRevoke',
  'users invite': 'usersInvite',
  'users inactive': 'usersInactive',
  'orders grant': 'ordersGrant',
  'orders grant-ignored': 'ordersGrantIgnored',
  'orders refund': 'ordersRefund',
  'demo seed': 'demoSeed',
  'settings set': 'settingsSet',
  'settings unset': 'settingsUnset',
  'account.name': 'accountName',
  'account.password': 'accountPassword',
  'account.prefs': 'accountPrefs',
  'account.session.delete': 'accountSessionDelete',
  'account.sessions.delete': 'accountSessionsDelete',
  'account.mfa.enrol': 'accountMfaEnrol',
  'account.mfa.remove': 'accountMfaRemove',
  'account.mfa.on': 'accountMfaOn',
  'account.mfa.off': 'accountMfaOff',
  'account.mfa.recovery-codes': 'accountMfaRecoveryCodes',
  'account.mfa.recovery-codes.regenerate': 'accountMfaRecoveryCodesRegenerate',
  'account.mfa.recovery-code': 'accountMfaRecoveryCodeUsed',
  'users mfa reset': 'usersMfaReset',
  'backup.upload': 'backupUpload',
  'backup.delete': 'backupDelete',
  'backup.restore': 'backupRestore',
  'apiKey.create': 'apiKeyCreate',
  'apiKey.revoke': 'apiKeyRevoke',
  'webhook.endpoint.create': 'webhookEndpointCreate',
  'webhook.endpoint.update': 'webhookEndpointUpdate',
  'webhook.endpoint.remove': 'webhookEndpointRemove',
  'webhook.endpoint.disable': 'webhookEndpointDisable',
  'webhook.test': 'webhookTest',
  'webhook.redeliver': 'webhookRedeliver',
} as const

export type AuditAction = keyof typeof AUDIT_ACTIONS
export type AuditActionText = (typeof AUDIT_ACTIONS)[AuditAction]

export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action)

/**
 * Who acted: an admin in the console, the admin CLI, a member on their account, the store by itself, an
 * API key of the owner's tools (issue 44, named where the others show an email).
 */
export const AUDIT_SOURCES = ['console', 'cli', 'member', 'store', 'key'] as const

export const isAuditSource = (source: string): source is AuditSource =>
  (AUDIT_SOURCES as readonly string[]).includes(source)
export type AuditSource = (typeof AUDIT_SOURCES)[number]
