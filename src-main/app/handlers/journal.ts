import { writeFileSync } from 'node:fs';
import type { IpcRouter } from '../../ipc/router';
import { JournalError, type JournalEntry } from '../../journal';
import type { AppContext } from '../context';
import { toEntryView } from '../journal-view';
import { journaledWrite } from '../journaled-write';

export interface JournalHandlerOptions {
  /** Where to write the CSV: a save dialog in the app, a temp folder in the test host. Null = cancelled. */
  chooseExportPath: (suggestedName: string) => Promise<string | null>;
}

function entryOrThrow(ctx: AppContext, id: string): JournalEntry {
  const entry = ctx.journal.get(Number(id));
  if (!entry) throw new JournalError('not-found', `There is no journal entry ${id}.`);
  return entry;
}

export function registerJournalHandlers(
  router: IpcRouter,
  ctx: AppContext,
  options: JournalHandlerOptions,
): void {
  const changed = (entry: JournalEntry) => {
    ctx.emit('journal:changed', { id: String(entry.id) });
    return toEntryView(entry);
  };

  router.handle('journal:list', ({ operation, state, limit }) => ({
    entries: ctx.journal
      .list({
        ...(operation ? { operation: operation as never } : {}),
        ...(state ? { state: state as never } : {}),
        limit,
      })
      .map(toEntryView),
  }));

  router.handle('journal:resolve', ({ id, performed, reason }) => {
    const entry = changed(ctx.journal.resolve(Number(id), { by: 'person', performed, reason }));
    ctx.webhooks.replayParked();
    return entry;
  });

  /**
   * For an unknown invoice only: send the same order_id again. A 409 proves the first one exists; a
   * success proves it did not (and this new invoice is journaled as its own entry). Never offered for
   * withdrawals, which have no such guard.
   */
  router.handle('journal:check-invoice', async ({ id }) => {
    const entry = entryOrThrow(ctx, id);
    if (entry.operation !== 'createInvoice' || entry.state !== 'unknown' || !entry.orderId) {
      throw new JournalError(
        'invalid',
        'Only an invoice whose outcome is unknown can be checked by its order id.',
      );
    }
    const session = ctx.session();
    // A 409 (or a new invoice) from another merchant account would prove nothing about this entry.
    if (session.profile.id !== entry.profileId || session.profile.environment !== entry.environment) {
      throw new JournalError(
        'invalid',
        `This invoice was sent from another profile (${entry.profileId}). Switch to that profile to check it.`,
      );
    }
    const body = JSON.parse(entry.requestBody) as Parameters<typeof session.client.createInvoice>[0];
    // The re-submission is a write like any other: journaled as its own entry before it is sent.
    const check = await journaledWrite(ctx, session, {
      operation: 'createInvoice',
      send: (s, options) => s.client.createInvoice(body, options),
      externalIds: (data) => ({ invoiceId: data.id, invoiceCode: data.code }),
    });
    if (check.outcome === 'rejected' && check.error?.httpStatus === 409) {
      return changed(
        ctx.journal.resolve(entry.id, {
          by: 'evidence',
          performed: true,
          reason: `Re-submitting order ${entry.orderId} answered 409: the invoice exists.`,
          evidence: { kind: 'order-id-conflict', orderId: entry.orderId },
        }),
      );
    }
    if (check.outcome === 'ok') {
      return changed(
        ctx.journal.resolve(entry.id, {
          by: 'evidence',
          performed: false,
          reason: `Re-submitting order ${entry.orderId} created it now (entry ${check.journalId}): the first attempt had not been performed.`,
          evidence: { kind: 'order-id-accepted', orderId: entry.orderId, entryId: Number(check.journalId) },
        }),
      );
    }
    throw Object.assign(
      new Error(`The check itself did not get a clear answer: ${check.error?.message ?? check.outcome}`),
      {
        kind: 'check-inconclusive',
      },
    );
  });

  router.handle('journal:verify-chain', () => {
    const check = ctx.journal.verifyChain();
    return check.ok
      ? { ok: true, brokenAt: null, checked: check.events, head: check.head }
      : {
          ok: false,
          brokenAt: `${check.brokenAt.reason} (event ${check.brokenAt.seq ?? '?'}, entry ${check.brokenAt.entryId ?? '?'})`,
          checked: 0,
          head: null,
        };
  });

  router.handle('journal:export-csv', async () => {
    const csv = ctx.journal.exportCsv();
    const rows = Math.max(0, csv.split('\n').filter(Boolean).length - 1);
    const check = ctx.journal.verifyChain();
    const chainHead = check.ok ? check.head : null;
    const path = await options.chooseExportPath(
      `merchant-desk-journal-${new Date().toISOString().slice(0, 10)}.csv`,
    );
    if (path) {
      writeFileSync(path, csv, { mode: 0o600 });
      // Beside the CSV (a comment row would break spreadsheet imports): the chain head at export time.
      writeFileSync(
        `${path}.chain-head.txt`,
        `${chainHead ?? 'chain check failed: ' + (check.ok ? '' : check.brokenAt.reason)}\n`,
        { mode: 0o600 },
      );
    }
    return { path, rows, chainHead };
  });
}
