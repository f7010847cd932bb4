import { Account, Client, Databases } from 'appwrite'
import { DEFAULT_DATABASE_ID, DEFAULT_PROJECT_ID } from '@pg/shared/constants'

/** An unset or empty variable means the default: the store's own server on this origin. */
const endpoint = import.meta.env.VITE_APPWRITE_ENDPOINT || `${location.origin}/v1`
const projectId = import.meta.env.VITE_APPWRITE_PROJECT_ID || DEFAULT_PROJECT_ID

export const databaseId = import.meta.env.VITE_APPWRITE_DATABASE_ID || DEFAULT_DATABASE_ID

export const client = new Client().setEndpoint(endpoint).setProject(projectId)
export const account = new Account(client)
export const databases = new Databases(client)
