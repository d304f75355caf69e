import type { Journal } from '../../journal';
import type { Emit } from '../events';
import { exportJournalCsv, type JournalExportDeps } from '../journal-export';
import { toEntryView } from '../journal-view';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface JournalModuleDeps {
  journal: Pick<Journal, 'list' | 'resolve' | 'verifyChain' | 'exportCsv'>;
  emit: Emit<'journal:changed'>;
  /** A resolved entry may be what a parked webhook was waiting for. */
  replayParked: () => void;
  chooseExportPath: JournalExportDeps['chooseExportPath'];
}

/** Reading the journal, a person's resolution of an unknown entry, the chain check and the export. */
export function registerJournal(router: ChannelRegistry, deps: JournalModuleDeps): Disposer {
  const { journal } = deps;
  return handleAll(router, {
    'journal:list': ({ operation, state, limit }) => ({
      entries: journal
        .list({
          ...(operation ? { operation: operation as never } : {}),
          ...(state ? { state: state as never } : {}),
          limit,
        })
        .map(toEntryView),
    }),
    'journal:resolve': ({ id, performed, reason }) => {
      const entry = journal.resolve(Number(id), { by: 'person', performed, reason });
      deps.emit('journal:changed', { id: String(entry.id) });
      deps.replayParked();
      return toEntryView(entry);
    },
    'journal:verify-chain': () => {
      const check = journal.verifyChain();
      return check.ok
        ? { ok: true, brokenAt: null, checked: check.events, head: check.head }
        : {
            ok: false,
            brokenAt: `${check.brokenAt.reason} (event ${check.brokenAt.seq ?? '?'}, entry ${check.brokenAt.entryId ?? '?'})`,
            checked: 0,
            head: null,
          };
    },
    'journal:export-csv': () => exportJournalCsv({ journal, chooseExportPath: deps.chooseExportPath }),
  });
}
