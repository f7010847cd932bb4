import app from './es/app.json'
import info from './es/info.json'
import purchase from './es/purchase.json'
import account from './es/account.json'
import collections from './es/collections.json'
import recovery from './es/recovery.json'
import storefront from './es/storefront.json'

/** The Spanish texts: one file per area of the product (decision 006), each owning its top-level keys. */
export const es = { ...app, ...storefront, ...info, ...recovery, ...purchase, ...account, ...collections }
