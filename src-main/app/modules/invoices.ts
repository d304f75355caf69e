import type { JournalEntry as EntryView } from '@contract';
import { AppError } from '@shared/errors';
import { isClockRefusal } from '@shared/plain-error';
import type { InvoiceBody } from '@shared/domain/operations';
import type { CreatedInvoice } from '../../api/schemas';
import { JournalError, type JournalEntry, type JournalStore } from '../../storage/port';
import type { EntryChanged } from '../entry-changes';
import type { JournaledWriter, WriteScope } from '../journaled-write';
import { toEntryView } from '../journal-view';
import type { Disposer } from '../lifecycle';
import type { ProfileScope } from '../profile-scope';
import { handleAll, type ChannelRegistry } from './channels';

export interface InvoicesModuleDeps {
  scope: () => WriteScope & Pick<ProfileScope, 'read'>;
  write: JournaledWriter;
  journal: Pick<JournalStore, 'get' | 'resolve'>;
  entryChanged: EntryChanged;
}

/** The invoice ids of an accepted answer, for the journal. */
const invoiceIds = (data: CreatedInvoice) => ({ invoiceId: data.id, invoiceCode: data.code });

/** Everything about invoices: creating, looking up, paying by card, and re-checking a lost one. */
export function registerInvoices(router: ChannelRegistry, deps: InvoicesModuleDeps): Disposer {
  const resolved = async (entry: JournalEntry): Promise<EntryView> => {
    await deps.entryChanged(entry.id);
    return toEntryView(entry);
  };

  /**
   * For an unknown invoice only: send the same order_id again. A 409 proves the first one exists; a
   * success proves it did not (and this new invoice is journaled as its own entry). Never offered for
   * withdrawals, which have no such guard.
   */
  async function checkUnknownInvoice(id: string): Promise<EntryView> {
    const entry = await deps.journal.get(Number(id));
    if (!entry) throw new JournalError('not-found', `There is no journal entry ${id}.`);
    if (entry.operation !== 'createInvoice' || entry.state !== 'unknown' || !entry.orderId) {
      throw new JournalError(
        'invalid',
        'Only an invoice whose outcome is unknown can be checked by its order id.',
      );
    }
    const scope = deps.scope();
    const { profile } = scope.session;
    // A 409 (or a new invoice) from another merchant account would prove nothing about this entry.
    if (profile.id !== entry.profileId || profile.environment !== entry.environment) {
      throw new JournalError(
        'invalid',
        `This invoice was sent from another profile (${entry.profileId}). Switch to that profile to check it.`,
      );
    }
    // The body this desk recorded (and signed) the first time, sent again as it was.
    const body = JSON.parse(entry.requestBody) as InvoiceBody;
    // The re-submission is a write like any other: journaled as its own entry before it is sent.
    const resubmit = () =>
      deps.write(scope, { request: { operation: 'createInvoice', body }, externalIds: invoiceIds });
    let check = await resubmit();
    // Refused for a stale timestamp (the computer's clock moved since it was last measured): nothing was
    // performed and the refusal measured the clock afresh. The order id keeps a second re-submission as
    // safe as the first, so it is made once more now instead of leaving the entry unknown.
    if (check.outcome === 'rejected' && isClockRefusal(check.error)) check = await resubmit();
    if (check.outcome === 'rejected' && check.reason === 'duplicate') {
      return resolved(
        await deps.journal.resolve(entry.id, {
          by: 'evidence',
          performed: true,
          reason: `Re-submitting order ${entry.orderId} answered 409: the invoice exists.`,
          evidence: { kind: 'order-id-conflict', orderId: entry.orderId },
        }),
      );
    }
    if (check.outcome === 'accepted') {
      return resolved(
        await deps.journal.resolve(entry.id, {
          by: 'evidence',
          performed: false,
          reason: `Re-submitting order ${entry.orderId} created it now (entry ${check.journalId}): the first attempt had not been performed.`,
          evidence: { kind: 'order-id-accepted', orderId: entry.orderId, entryId: Number(check.journalId) },
        }),
      );
    }
    // Any other answer (a timeout, a 500, a validation error) proves nothing either way.
    throw new AppError(
      'check-inconclusive',
      `The check did not get a clear answer (${check.error?.message ?? check.outcome}), so the entry stays unknown. Try again later.`,
    );
  }

  return handleAll(router, {
    'invoices:create': (body) =>
      deps.write(deps.scope(), { request: { operation: 'createInvoice', body }, externalIds: invoiceIds }),
    // A code the service does not know (404) is the service answering: it says nothing against the
    // connection, so a mistyped code never turns the status "degraded" (issue 25).
    'invoices:get': ({ code }) =>
      deps.scope().read(
        (s) => s.client.getInvoice(code),
        (error) => error.httpStatus === 404,
      ),
    'invoices:card-order': ({ code, email }) =>
      deps.write(deps.scope(), {
        request: { operation: 'createProviderCardOrder', invoiceCode: code, email: email ?? null },
        invoiceCode: code,
        externalIds: (data) => {
          const cardOrderId = (data as { id?: unknown } | null)?.id;
          return typeof cardOrderId === 'string' ? { cardOrderId } : {};
        },
      }),
    'journal:check-invoice': ({ id }) => checkUnknownInvoice(id),
  });
}
