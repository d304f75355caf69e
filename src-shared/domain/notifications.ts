import { z } from 'zod';

/** The desk's own preferences (not a profile's): kept in settings.json in the data folder. */
export const NotificationSettings = z.strictObject({
  /**
   * Desktop notifications and in-app toasts for completed or failed withdrawals, paid invoices,
   * deposits, and withdrawals waiting for this person's approval (issue 28).
   */
  enabled: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** The moments worth interrupting someone for. */
export const NotifiableEvent = z.enum([
  'withdrawal-completed',
  'withdrawal-failed',
  'invoice-paid',
  'wallet-deposit',
  // Issue 28: a withdrawal this person may approve entered the team's queue.
  'approval-waiting',
]);
export type NotifiableEvent = z.infer<typeof NotifiableEvent>;

/** An in-app toast, pushed from main while the window has focus (always in the browser test host). */
export const Toast = z.object({
  id: z.string(),
  kind: NotifiableEvent,
  title: z.string(),
  body: z.string(),
  /** The journal entry the event changed, for the "Open in Journal" link. */
  entryId: z.string().nullable(),
});
export type Toast = z.infer<typeof Toast>;
