import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The project's own eslint.config.js over small in-memory samples: each boundary must refuse the
// violation and allow the legal form. Only the boundary rule's messages are counted.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });
const RULE = '@typescript-eslint/no-restricted-imports';

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: join(ROOT, file) });
  if (!result) throw new Error(`ESLint returned nothing for ${file}`);
  // A parse error or an ignored path would also show no boundary message: neither may pass silently.
  expect(result.messages.filter((m) => m.fatal || m.severity === 1)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

type Case = [file: string, refused: string, allowed: string, why: RegExp];
const cases: Record<string, Case[]> = {
  'renderer imports only types from the contract': [
    [
      'src-renderer/src/features/fees/x.ts',
      "import { Channels } from '@contract';",
      "import type { FeesView } from '@contract';",
      /only types/,
    ],
    [
      'src-renderer/src/App.tsx',
      "import { makeBridge } from '@bridge';",
      "import { type MerchantApi } from '@bridge';",
      /only types/,
    ],
    [
      'src-renderer/src/lib/x.ts',
      "import { z } from '../../../src-shared/contract';",
      "import type { X } from '../../../src-shared/contract';",
      /import type/,
    ],
    [
      'src-renderer/src/lib/ipc.ts',
      "import { checkAnswer } from './contract-check';",
      "import type { ContractCheck } from './contract-loader';",
      /loadContractCheck/,
    ],
    [
      'src-renderer/src/lib/contract-check.ts',
      "import { x } from '../../../src-main/api/decimal';",
      "import { invokeChannels } from '@contract';",
      /main process/,
    ],
  ],
  'no src-main in the renderer or the preload': [
    [
      'src-renderer/src/lib/x.ts',
      "import type { Journal } from '../../../src-main/storage/sqlite';",
      "import { formatAmount } from './decimal';",
      /main process/,
    ],
    [
      'src-renderer/src/features/rates/x.ts',
      "import { a } from '../../../../src-main/api/decimal';",
      "import { a } from '../../lib/decimal';",
      /main process/,
    ],
    [
      'src-preload/bridge.ts',
      "import { redact } from '../src-main/security/redactor';",
      "import { contract } from './contract';",
      /main process/,
    ],
  ],
  'features do not import each other': [
    [
      'src-renderer/src/features/overview/x.tsx',
      "import { SandboxIntro } from '../settings/SandboxIntro';",
      "import { Money } from '../../components/Money';",
      /Features do not import each other/,
    ],
    [
      'src-renderer/src/features/fees/parts/x.ts',
      "import type { Row } from '../../rates/rate-view';",
      "import { row } from '../rate-row';",
      /Features do not/,
    ],
    [
      'src-renderer/src/features/wallets/x.ts',
      "import { a } from '../../features/invoices/a';",
      "import { a } from './a';",
      /Features do not/,
    ],
  ],
  'src-main layers run one way': [
    [
      'src-main/protocol/signing.ts',
      "import { ApiError } from '../api/errors';",
      "import { canonicalJson } from './canonical';",
      /protocol may not import/,
    ],
    [
      'src-main/api/request-auth.ts',
      "import { x } from '../storage/port';",
      "import { signLegacy } from '../protocol/signing';",
      /api may not import/,
    ],
    [
      'src-main/api/client.ts',
      "import type { JournalStore } from '../storage/port';",
      "import { sign } from './signing';",
      /api may not import/,
    ],
    [
      'src-main/api/client.ts',
      "import { startSandbox } from '../sandbox';",
      "import { toDecimal } from './decimal';",
      /api may not import/,
    ],
    [
      'src-main/secrets/store.ts',
      "import { x } from '../services/profiles';",
      "import { x } from '../api/decimal';",
      /secrets may not import/,
    ],
    [
      'src-main/security/sender.ts',
      "import type { Router } from '../ipc/router';",
      "import { x } from './redactor';",
      /security may not import/,
    ],
    [
      'src-main/storage/port/types.ts',
      "import { ProfileInput } from '../../services/profiles-schema';",
      "import { x } from '../../api/schemas';",
      /storage may not import/,
    ],
    [
      'src-main/services/rates-poller.ts',
      "import { toErrorInfo } from '../ipc/error-info';",
      "import type { JournalStore } from '../storage/port';",
      /services may not import/,
    ],
    [
      'src-main/services/x.ts',
      "import { a } from '../app/app-services';",
      "import { AppError } from '@shared/errors';",
      /services may not import/,
    ],
  ],
  'the SQLite room is chosen by the composition root alone, and alone speaks to better-sqlite3': [
    [
      'src-main/app/modules/journal.ts',
      "import { openJournal } from '../../storage/sqlite/journal';",
      "import type { JournalStore } from '../../storage/port';",
      /composition root/,
    ],
    [
      'src-main/services/reconciliation/service.ts',
      "import type { Sessions } from '../../storage/sqlite/sessions';",
      "import type { SessionRow } from '../../storage/port';",
      /composition root/,
    ],
    [
      'src-main/storage/port/journal-store.ts',
      "import type { Journal } from '../sqlite/journal-api';",
      "import type { ChainCheck } from './types';",
      /composition root/,
    ],
    [
      'src-main/services/webhook-log-reader.ts',
      "import Database from 'better-sqlite3';",
      "import type { WebhookLog } from '../storage/port/webhook-log';",
      /Only src-main\/storage\/sqlite .*talks to better-sqlite3/,
    ],
    [
      'src-main/app/app-services.ts',
      "import Database from 'better-sqlite3';",
      "import { openJournalStore } from '../storage/sqlite/journal-store';",
      /Only src-main\/storage\/sqlite .*talks to better-sqlite3/,
    ],
    [
      'src-main/storage/port/x.ts',
      "import type { Database } from 'better-sqlite3';",
      "import type { JournalEntry } from './types';",
      /Only src-main\/storage\/sqlite .*talks to better-sqlite3/,
    ],
    [
      'src-main/team/live-sync.ts',
      "import Database from 'better-sqlite3';",
      "import type { LocalCopy } from './local-copy';",
      /Only src-main\/storage\/sqlite talks to better-sqlite3/,
    ],
    [
      'src-main/team/connection-test.ts',
      "import { registerTeam } from '../app/modules/team';",
      "import { openMode } from '../storage/pg/migrate';",
      /src-main\/team may not import app, ipc/,
    ],
    [
      'src-main/update/updater.ts',
      "import { registerUpdates } from '../app/modules/updates';",
      "import { writeFileAtomic } from '../services/atomic-file';",
      /src-main\/update may not import app, ipc, sandbox/,
    ],
  ],
  'the contract and ipc belong to app and ipc': [
    [
      'src-main/services/rates-view.ts',
      "import type { RatesSnapshot } from '@contract';",
      "import type { X } from '@shared/errors';",
      /contract is reached only/,
    ],
    [
      'src-main/storage/sqlite/x.ts',
      "import type { A } from '../../../src-shared/contract';",
      "import type { A } from './types';",
      /contract is reached only/,
    ],
    [
      'src-main/index.ts',
      "import { createRouter } from './ipc/router';",
      "import { createAppServices } from './app/app-services';",
      /ipc is reached only/,
    ],
    [
      'src-main/app/handlers/x.ts',
      "import { x } from '../../sandbox/state';",
      "import type { Channels } from '@contract';\nimport { r } from '../../ipc/router';",
      /sandbox through its index/,
    ],
  ],
  'src-shared: no process code; the contract on top, money at the bottom': [
    [
      'src-shared/domain/x.ts',
      "import { Journal } from '../../src-main/journal';",
      "import { Code } from './wire';",
      /main process/,
    ],
    [
      'src-shared/domain/x.ts',
      "import { readFileSync } from 'node:fs';",
      "import { z } from 'zod';",
      /Node built-ins/,
    ],
    [
      'src-shared/domain/x.ts',
      "import type { WriteResult } from '@contract';",
      "import { DECIMAL_STRING } from '@shared/money/rules';",
      /never import it/,
    ],
    [
      'src-shared/contract/x.ts',
      "import { bridge } from '../../src-preload/bridge';",
      "import { Profile } from '@shared/domain/profile';",
      /no process code/,
    ],
    [
      'src-shared/money/x.ts',
      "import { Code } from '@shared/domain/wire';",
      "import { decimalParts } from './digits';",
      /money is the floor/,
    ],
  ],
  'the sandbox only through its index': [
    [
      'src-main/app/x.ts',
      "import { Sandbox } from '../sandbox/server';",
      "import { Sandbox } from '../sandbox';",
      /through its index/,
    ],
    [
      'src-main/services/x.ts',
      "import { clock } from '../sandbox/clock';",
      "import { Sandbox } from '../sandbox/index';",
      /through its index/,
    ],
    [
      'src-main/sandbox/routes/x.ts',
      "import { x } from '../../app/x';",
      "import { clock } from '../clock';",
      /sandbox may not import/,
    ],
  ],
};

describe.each(Object.entries(cases))('%s', (_name, rows) => {
  it.each(rows)('%s', async (file, refused, allowed, why) => {
    const messages = await refusals(file, refused);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(why);
    expect(await refusals(file, allowed)).toEqual([]);
  });
});

describe('exemptions', () => {
  it('tests wire layers together freely', async () => {
    const code = "import { a } from '../../../src-main/sandbox/state';\nimport { b } from '@contract';";
    expect(await refusals('test/unit/services/x.test.ts', code)).toEqual([]);
  });
});
