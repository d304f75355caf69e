import { z } from 'zod';

/** Stable releases, or early access (pre-releases as well, before most desks get them). */
export const UpdateChannel = z.enum(['stable', 'early-access']);
export type UpdateChannel = z.infer<typeof UpdateChannel>;

/**
 * Where the desk's updater stands:
 * - unavailable: this copy cannot update itself (a build without the updater, a deb installed by the
 *   system's package manager); `message` says why and what to do instead;
 * - idle, checking, downloading: as named;
 * - up-to-date: nothing newer is offered to this desk (`message` says when a release is held back);
 * - ready: `version` is downloaded and verified, and waits for the person's "Restart and update";
 * - refused: `version` failed a check and will not be installed (`message` says which, in words);
 * - failed: the check or the download did not complete (`message`); nothing was installed.
 */
export const UpdateState = z.enum([
  'unavailable',
  'idle',
  'checking',
  'downloading',
  'up-to-date',
  'ready',
  'refused',
  'failed',
]);
export type UpdateState = z.infer<typeof UpdateState>;

export const UpdateStatus = z.object({
  currentVersion: z.string(),
  channel: UpdateChannel,
  state: UpdateState,
  /** The release this state is about, when there is one. */
  version: z.string().nullable(),
  message: z.string().nullable(),
  /** When the update server was last asked (ISO 8601). */
  checkedAt: z.string().nullable(),
});
export type UpdateStatus = z.infer<typeof UpdateStatus>;

export const SetUpdateChannelInput = z.strictObject({ channel: UpdateChannel });
export type SetUpdateChannelInput = z.input<typeof SetUpdateChannelInput>;
