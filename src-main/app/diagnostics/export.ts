import { strToU8, zipSync } from 'fflate';
import type { DiagnosticsExport } from '@shared/domain/diagnostics';
import { AppError } from '@shared/errors';
import { writeFileAtomic } from '../../services/atomic-file';
import { Redactor } from '../../security/redactor';
import { redactLine } from '../logging/redact-line';
import { collectDiagnostics, type DiagnosticsSources } from './collect';

export interface DiagnosticsExportDeps extends DiagnosticsSources {
  logDir: string;
  /** Where to save the zip: a save dialog in the app, the data folder elsewhere. Null = cancelled. */
  choosePath: (suggestedName: string) => Promise<string | null>;
  /**
   * Every secret this desk can reach (each profile's API key, the sandbox key, the journal's chain
   * key): read at export time so that a secret never seen by the log's redactor is caught too.
   */
  knownSecrets: () => Promise<readonly string[]>;
}

/**
 * Help → Export diagnostics. The zip is built in memory, every text in it cleared of every secret the
 * desk can reach (the logs line by line by the log file's rules too) and then checked once more for
 * those secrets; only a clean zip is written, atomically, so a failure leaves no file, or the previous one.
 */
export async function exportDiagnostics(deps: DiagnosticsExportDeps): Promise<DiagnosticsExport> {
  const at = (deps.now?.() ?? new Date()).toISOString();
  const name = `merchant-desk-diagnostics-${at.slice(0, 16).replace(/[T:]/g, '-')}.zip`;
  const path = await deps.choosePath(name);
  if (!path) return { path: null, files: [], bytes: 0 };

  const secrets = (await deps.knownSecrets()).filter((s) => s.length > 0);
  const redactor = new Redactor();
  for (const secret of secrets) redactor.register(secret);
  const entries: Record<string, Uint8Array> = {};
  for (const [file, text] of await collectDiagnostics(deps, deps.logDir)) {
    // Logs get the log file's own rules again (an older file may predate them); the JSON files
    // were written from redacted values and keep their hashes (the chain head) readable.
    const clean = file.startsWith('logs/')
      ? text
          .split('\n')
          .map((line) => redactLine(line, redactor))
          .join('\n')
      : redactor.text(text);
    // Short secrets are not registered with the Redactor (they would redact ordinary words), so
    // the check below is the one that refuses to write them.
    if (secrets.some((secret) => clean.includes(secret)))
      throw new AppError(
        'internal',
        `The diagnostics export stopped: ${file} still held a secret. Nothing was saved.`,
      );
    entries[file] = strToU8(clean);
  }
  const zip = zipSync(entries, { level: 6 });
  try {
    writeFileAtomic(path, zip);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new AppError(
      'internal',
      `The diagnostics could not be saved to ${path} (${reason}). Choose a folder you can write to and try again.`,
    );
  }
  return { path, files: Object.keys(entries), bytes: zip.length };
}
