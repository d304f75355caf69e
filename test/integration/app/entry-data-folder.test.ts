import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_FOLDER_VARIABLE } from '@main/app/data-folder';
import { LOG_FILE, logDirOf } from '@main/app/logging/file-log';
import { entryLauncher } from '@test/helpers/entry-launch';

// src-main/index.ts imports `electron`; here that import is the stand-in of the running test.
const current = vi.hoisted(() => ({ electron: {} as Record<string, unknown> }));
vi.mock('electron', async () => (await import('@test/helpers/entry-launch')).electronModule(current));

const launch = entryLauncher(current);
const folder = () => mkdtempSync(join(tmpdir(), 'md-data-'));
const argv = process.argv;
afterEach(() => {
  delete process.env[DATA_FOLDER_VARIABLE];
  process.argv = argv;
});

// Issue 26 item 6: whoever can set the desk's environment must not choose the journal it opens.
describe('the data folder', () => {
  it('an installed app ignores the variable: it keeps its data in the system folder, and says so', async () => {
    const system = folder();
    const elsewhere = folder();
    process.env[DATA_FOLDER_VARIABLE] = elsewhere;
    // The packaged switch allow-list reads argv: the app as a person starts it, with no switches.
    process.argv = [process.execPath, 'merchant-desk'];
    const run = await launch(system, [], { isPackaged: true });
    expect(run.record.windows).toHaveLength(1);
    expect(existsSync(join(system, 'journal.sqlite'))).toBe(true);
    expect(existsSync(join(elsewhere, 'journal.sqlite'))).toBe(false);
    expect(readFileSync(join(logDirOf(system), LOG_FILE), 'utf8')).toMatch(
      /MERCHANT_DESK_USER_DATA is set, but .* the variable was ignored/,
    );
  });

  it('a development or test build uses the folder the variable names', async () => {
    const system = folder();
    const elsewhere = folder();
    process.env[DATA_FOLDER_VARIABLE] = elsewhere;
    const run = await launch(system);
    expect(run.record.windows).toHaveLength(1);
    expect(existsSync(join(elsewhere, 'journal.sqlite'))).toBe(true);
    expect(existsSync(join(system, 'journal.sqlite'))).toBe(false);
  });
});
