import { z } from 'zod';

/** Minutes without use after which the desk locks, unless the person chose otherwise in Settings. */
export const DEFAULT_IDLE_LOCK_MINUTES = 10;

/** Whole minutes, 1 to 120: a desk that moves money never stays open unattended for longer. */
export const IdleLockMinutes = z
  .number()
  .int('must be a whole number of minutes')
  .min(1, 'must be at least 1 minute')
  .max(120, 'must be at most 120 minutes');

/** Whether the desk is locked now, and after how long without use it locks. */
export const AppLockState = z.object({ locked: z.boolean(), idleMinutes: IdleLockMinutes });
export type AppLockState = z.infer<typeof AppLockState>;

export const SetIdleLockInput = z.strictObject({ minutes: IdleLockMinutes });
export type SetIdleLockInput = z.input<typeof SetIdleLockInput>;
