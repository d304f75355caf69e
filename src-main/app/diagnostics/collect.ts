import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EntryState } from '@shared/domain/journal';
import type { AboutView } from '@shared/domain/diagnostics';
import type { Profile } from '@shared/domain/profile';
import type { JournalStore } from '../../storage/port';
import { toStoredJson } from '../../storage/port/redact';
import { logFilesIn } from '../logging/file-log';

export interface DiagnosticsSources {
  about: () => AboutView;
  journal: Pick<JournalStore, 'verifyChain' | 'page' | 'diagnostics' | 'chainProblem' | 'recovered'>;
  /** The profiles as stored: they never hold a key (keys live in the keychain). */
  profiles: () => { activeId: string; profiles: readonly Profile[] };
  /** Whether the keychain holds a key for a profile: yes, no, or null when the keychain did not answer. */
  keyStored: (profileId: string) => Promise<boolean | null>;
  settings: () => unknown;
  now?: () => Date;
}

const README = `Merchant Desk diagnostics

about.json     the app, Electron, Chromium, Node and operating-system versions, and the data folder
journal.json   the journal's chain check, how many entries are in each state, its storage settings
profiles.json  the connection profiles (name, environment, address, merchant id) and whether a key
               is stored for each (null: the keychain did not answer); never the key
settings.json  the desk's own preferences
logs/          the app's log files, newest first (main.log, then main.1.log, ...)

No API key, webhook signature, keychain entry or journal chain key is in this file: every file was
checked against the secrets this desk holds before it was written.
`;

/** Every file of the export, by its name in the zip; the texts are not yet checked for secrets. */
export async function collectDiagnostics(
  sources: DiagnosticsSources,
  logDir: string,
): Promise<Map<string, string>> {
  const at = (sources.now?.() ?? new Date()).toISOString();
  const files = new Map<string, string>();
  files.set('README.txt', README);
  files.set('about.json', json({ ...sources.about(), generatedAt: at }));
  files.set('journal.json', json(await journalFacts(sources.journal)));
  const { activeId, profiles } = sources.profiles();
  const listed = await Promise.all(
    profiles.map(async (profile) => ({ ...profile, keyStored: await sources.keyStored(profile.id) })),
  );
  files.set('profiles.json', json({ activeId, profiles: listed }));
  files.set('settings.json', json(sources.settings()));
  for (const name of logFilesIn(logDir)) files.set(`logs/${name}`, readFileSync(join(logDir, name), 'utf8'));
  return files;
}

async function journalFacts(journal: DiagnosticsSources['journal']) {
  // The team ledger stops counting a little past a page: such a count is reported as what it is.
  const total = async (state?: EntryState) => {
    const page = await journal.page(state ? { state } : {}, { offset: 0, limit: 1 });
    return page.totalIsCapped ? `more than ${page.total}` : page.total;
  };
  const counts = Object.fromEntries(
    await Promise.all(
      EntryState.options.map(async (state: EntryState) => [state, await total(state)] as const),
    ),
  );
  return {
    chain: await journal.verifyChain(),
    chainProblemAtOpen: journal.chainProblem,
    recoveredAtOpen: journal.recovered.length,
    entries: { total: await total(), byState: counts },
    storage: await journal.diagnostics(),
  };
}

/** JSON written the journal's way: any member named like a credential is replaced on the way out. */
function json(value: unknown): string {
  const stored = toStoredJson(value) ?? 'null';
  return `${JSON.stringify(JSON.parse(stored), null, 2)}\n`;
}
