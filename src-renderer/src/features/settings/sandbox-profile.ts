/** The built-in Sandbox profile's id (main: SANDBOX_PROFILE_ID); it cannot be edited or removed. */
export const SANDBOX_PROFILE_ID = 'sandbox';
