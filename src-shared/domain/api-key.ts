import { z } from 'zod';

/**
 * The one rule for an API key, checked in the form (before a profile is half set up), at the IPC
 * boundary and by the secret store. Messages describe the rule, never the value.
 */
const API_KEY_MIN_LENGTH = 8;
const API_KEY_MAX_LENGTH = 1024;

export const ApiKey = z
  .string({ error: 'Enter the API key.' })
  .min(1, 'Enter the API key.')
  .min(
    API_KEY_MIN_LENGTH,
    `This is too short to be an API key (at least ${API_KEY_MIN_LENGTH} characters). Check that it was copied whole.`,
  )
  .max(
    API_KEY_MAX_LENGTH,
    `This is longer than ${API_KEY_MAX_LENGTH} characters. Check that only the key was copied.`,
  )
  .refine(
    (key) => /^[\x21-\x7e]+$/.test(key),
    'The key contains spaces, line breaks or other characters keys never have. Copy it again.',
  );
