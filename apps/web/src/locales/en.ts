import app from './en/app.json'
import info from './en/info.json'
import purchase from './en/purchase.json'
import account from './en/account.json'
import collections from './en/collections.json'
import recovery from './en/recovery.json'
import storefront from './en/storefront.json'

/** The English texts, key for key the same as the Spanish ones (test/locales.test.ts checks it). */
export const en = { ...app, ...storefront, ...info, ...recovery, ...purchase, ...account, ...collections }
