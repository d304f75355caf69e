import { AppError } from '@shared/errors';
import { JournalError, type JournalEntry, type JournalStore } from '../../storage/port';
import type { EntryChanged } from '../entry-changes';
import { entryDetails, webhookEvidence, type JournalDetailsDeps } from '../journal-details';
import { exportJournalCsv, type JournalExportDeps } from '../journal-export';
import { recordedName } from '../desk-user';
import { toEntryView } from '../journal-view';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface JournalModuleDeps {
  journal: Pick<
    JournalStore,
    'list' | 'page' | 'pairs' | 'get' | 'events' | 'resolve' | 'verifyChain' | 'verifyChainUpTo' | 'exportCsv'
  >;
  /** The profile whose entries the window may see: every list, page and entry is of it alone. */
  activeProfileId: () => string;
  entryChanged: EntryChanged;
  /** A resolved entry may be what a parked webhook was waiting for. */
  replayParked: () => Promise<unknown>;
  parkedWebhooks: JournalDetailsDeps['parkedWebhooks'];
  chooseExportPath: JournalExportDeps['chooseExportPath'];
  /** The signed-in OS user, recorded as who resolved an entry; the page's name is a note beside it. */
  deskUser: () => string;
}

/**
 * Reading the journal, resolving an unknown entry (by a person or by evidence), the chain check and the
 * export. Every query is of the active profile, which main knows: a profile the window names is
 * replaced by it, and another profile's entry is not found. Only the chain check spans the whole
 * journal (the chain does).
 */
export function registerJournal(router: ChannelRegistry, deps: JournalModuleDeps): Disposer {
  const { journal } = deps;
  const changed = async (id: number) => {
    await deps.entryChanged(id);
    await deps.replayParked();
  };
  /** The entry, if it is the active profile's; to the window another profile's entry does not exist. */
  const own = async (id: string): Promise<JournalEntry> => {
    const entry = await journal.get(Number(id));
    if (!entry || entry.profileId !== deps.activeProfileId())
      throw new JournalError('not-found', `There is no journal entry ${id} for this profile.`);
    return entry;
  };
  return handleAll(router, {
    'journal:list': async ({ operation, state, limit }) => ({
      entries: (
        await journal.list({
          profileId: deps.activeProfileId(),
          ...(operation ? { operation } : {}),
          ...(state ? { state } : {}),
          limit,
        })
      ).map(toEntryView),
    }),
    'journal:page': async ({ filter, offset, limit, anchor, before }) => {
      const profileId = deps.activeProfileId();
      const page = await journal.page(
        { ...filter, profileId },
        {
          offset,
          limit,
          ...(anchor !== undefined ? { anchor } : {}),
          ...(before !== undefined ? { before } : {}),
        },
      );
      return { ...page, entries: page.entries.map(toEntryView), pairs: await journal.pairs(profileId) };
    },
    'journal:entry': async ({ id }) => entryDetails(deps, (await own(id)).id),
    'journal:resolve': async ({ id, performed, reason, name }) => {
      const entry = await journal.resolve((await own(id)).id, {
        by: 'person',
        performed,
        reason,
        person: recordedName(deps.deskUser(), name),
      });
      await changed(entry.id);
      return toEntryView(entry);
    },
    'journal:resolve-many': async ({ ids, performed, reason, name }) => {
      const results = [];
      // One after the other, each its own resolution: a refusal of one (not found, no longer unknown,
      // a full disk) is reported beside it and neither stops nor undoes the others.
      for (const id of ids) {
        try {
          const entry = await journal.resolve((await own(id)).id, {
            by: 'person',
            performed,
            reason,
            person: recordedName(deps.deskUser(), name),
          });
          await deps.entryChanged(entry.id);
          results.push({ id, ok: true as const, entry: toEntryView(entry) });
        } catch (error) {
          results.push({ id, ok: false as const, message: notResolved(error) });
        }
      }
      if (results.some((r) => r.ok)) await deps.replayParked();
      return { results };
    },
    'journal:resolve-evidence': async ({ id, deliveryId }) => {
      const current = await own(id);
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
      exportJournalCsv(
        { journal, chooseExportPath: deps.chooseExportPath },
        { ...filter, profileId: deps.activeProfileId() },
      ),
  });
}

/** Why one of several entries was not resolved, in the words its refusal already has. */
function notResolved(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return 'The journal could not record the decision; the entry is still unknown. Export diagnostics for support.';
}
