import { JournalError, type JournalStore } from '../../storage/port';
import type { Emit } from '../events';
import { entryDetails, webhookEvidence, type JournalDetailsDeps } from '../journal-details';
import { exportJournalCsv, type JournalExportDeps } from '../journal-export';
import { toEntryView } from '../journal-view';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface JournalModuleDeps {
  journal: Pick<
    JournalStore,
    'list' | 'page' | 'pairs' | 'get' | 'events' | 'resolve' | 'verifyChain' | 'verifyChainUpTo' | 'exportCsv'
  >;
  emit: Emit<'journal:changed'>;
  /** A resolved entry may be what a parked webhook was waiting for. */
  replayParked: () => Promise<unknown>;
  parkedWebhooks: JournalDetailsDeps['parkedWebhooks'];
  chooseExportPath: JournalExportDeps['chooseExportPath'];
}

/** Reading the journal, resolving an unknown entry (by a person or by evidence), the chain check and the export. */
export function registerJournal(router: ChannelRegistry, deps: JournalModuleDeps): Disposer {
  const { journal } = deps;
  const changed = async (id: number) => {
    deps.emit('journal:changed', { id: String(id) });
    await deps.replayParked();
  };
  return handleAll(router, {
    'journal:list': async ({ operation, state, limit }) => ({
      entries: (
        await journal.list({
          ...(operation ? { operation: operation as never } : {}),
          ...(state ? { state: state as never } : {}),
          limit,
        })
      ).map(toEntryView),
    }),
    'journal:page': async ({ filter, offset, limit, anchor, before }) => {
      const page = await journal.page(filter, {
        offset,
        limit,
        ...(anchor !== undefined ? { anchor } : {}),
        ...(before !== undefined ? { before } : {}),
      });
      return {
        ...page,
        entries: page.entries.map(toEntryView),
        pairs: await journal.pairs(filter.profileId),
      };
    },
    'journal:entry': ({ id }) => entryDetails(deps, Number(id)),
    'journal:resolve': async ({ id, performed, reason, name }) => {
      const entry = await journal.resolve(Number(id), {
        by: 'person',
        performed,
        reason,
        ...(name ? { person: name } : {}),
      });
      await changed(entry.id);
      return toEntryView(entry);
    },
    'journal:resolve-evidence': async ({ id, deliveryId }) => {
      const current = await journal.get(Number(id));
      if (!current) throw new JournalError('not-found', `There is no journal entry ${id}.`);
      const delivery = (await deps.parkedWebhooks()).filter((d) => d.id === deliveryId);
      const [evidence] = webhookEvidence(current, delivery);
      if (!evidence)
        throw new JournalError(
          'invalid',
          'That webhook is no longer waiting, or it does not describe this entry; nothing was changed.',
        );
      const entry = await journal.resolve(current.id, {
        by: 'evidence',
        performed: true,
        reason: evidence.summary,
        evidence: { kind: 'webhook', event: evidence.event },
        externalIds: { withdrawalId: evidence.withdrawalId },
      });
      await changed(entry.id);
      return toEntryView(entry);
    },
    'journal:verify-chain': async () => {
      const check = await journal.verifyChain();
      if (check.ok)
        return { ok: true, brokenAt: null, checked: check.events, head: check.head, reason: null };
      const { reason, seq, entryId } = check.brokenAt;
      // A deleted end or an older copy has no single event or entry to point at.
      const where =
        seq === undefined && entryId === undefined ? '' : ` (event ${seq ?? '?'}, entry ${entryId ?? '?'})`;
      return {
        ok: false,
        brokenAt: `${reason}${where}`,
        reason,
        brokenEntry: entryId === undefined ? null : String(entryId),
        checked: 0,
        head: null,
      };
    },
    'journal:export-csv': (filter) =>
      exportJournalCsv({ journal, chooseExportPath: deps.chooseExportPath }, filter ?? {}),
  });
}
