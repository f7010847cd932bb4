import { z } from 'zod'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants'

export const emailSchema = z.email().max(254)
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH)
export const nameSchema = z.string().max(128)

/** Account preferences are a free-form JSON object; the web app keeps favourites in it. */
export const prefsSchema = z.record(z.string(), z.unknown())
export const PREFS_MAX_BYTES = 65_535
