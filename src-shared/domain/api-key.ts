import { z } from 'zod';

/**
 * The one rule for an API key, checked in the form (before a profile is half set up), at the IPC
 * boundary and by the secret store. Messages describe the rule, never the value.
 */
const API_KEY_MIN_LENGTH = 8;
const API_KEY_MAX_LENGTH = 1024;

export const ApiKey = z
  .string({ error: 'must be text' })
  .min(1, 'is required')
  .min(API_KEY_MIN_LENGTH, 'is too short to be an API key; paste the whole key')
  .max(API_KEY_MAX_LENGTH, `is longer than ${API_KEY_MAX_LENGTH} characters`)
  .refine((key) => key.trim() === key, 'starts or ends with spaces; paste it again without them')
  .refine((key) => /^[\x21-\x7e]+$/.test(key), 'must be printable characters without spaces or line breaks');
