import { createWebhookIntake, type WebhookIntakeOptions } from '../services/webhook-intake';
import type { MovementValuer } from '../books/movement-valuer';
import type { Reconciliation } from '../services/reconciliation/service';
import type { JournalStore } from '../storage/port';
import type { WebhookLog } from '../storage/port/webhook-log';
import type { EntryChanged } from './entry-changes';
import type { Emit } from './events';
import { journalSink } from './journal-sink';
import type { createNotifier } from './notifications';
import { heldAnswersFirst, type PendingAnswers } from './pending-answers';

interface DeskWebhooksDeps extends Pick<WebhookIntakeOptions, 'activeTarget' | 'targetFor'> {
  log: WebhookLog;
  journal: JournalStore;
  pending: PendingAnswers;
  /**
   * Records the rate a settled movement is valued at, and a wallet deposit with its rate (issue 29);
   * never throws into the intake.
   */
  valueMovement: MovementValuer;
  emit: Emit;
  entryChanged: EntryChanged;
  activeProfileId: () => string | null;
  notifier: ReturnType<typeof createNotifier>;
  reconciliation: Reconciliation;
  /** Work started by a delivery, not by a request: its failure is logged, never lost silently. */
  failed: (what: string) => (error: unknown) => void;
  warn: (line: string) => void;
}

/**
 * The desk's webhook intake: every verified delivery goes to the journal (held answers first), then
 * to the screens, the notifications and the reconciliation's record of movements.
 */
export function createDeskWebhooks(deps: DeskWebhooksDeps) {
  const { failed, reconciliation, notifier } = deps;
  return createWebhookIntake({
    log: deps.log,
    sink: heldAnswersFirst(journalSink(deps.journal, deps.valueMovement), deps.pending),
    activeTarget: deps.activeTarget,
    targetFor: deps.targetFor,
    warn: deps.warn,
    // Sandbox deliveries arrive whichever profile is active: a live profile's screens hear none of them.
    onDelivery: (delivery) => {
      if (delivery.profileId === deps.activeProfileId()) deps.emit('webhook:received', delivery);
      if (delivery.appliedTo) void deps.entryChanged(delivery.appliedTo);
    },
    // Awaited by the intake (a delivery is handled once these are done), failures logged, not thrown:
    // the delivery itself was recorded and applied.
    onApplied: async (applied) => {
      await notifier.onApplied(applied).catch(failed('notifying'));
      await reconciliation
        .recordApplied(applied.profileId, applied.event, applied.payload, applied.entryId)
        .catch(failed('reconciliation: recording an applied event'));
    },
    onVerified: async (v) => {
      await reconciliation
        .recordVerified({ ...v, fallbackKey: v.dedupeKey })
        .catch(failed('reconciliation: recording a movement'));
      // A deposit changes no entry: the books keep it, and its rate, in the chain of their own.
      await deps.valueMovement.deposit(v);
      try {
        notifier.onVerified(v);
      } catch (error) {
        failed('notifying')(error);
      }
    },
  });
}
