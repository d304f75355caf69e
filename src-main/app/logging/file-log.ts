import electronLog from 'electron-log/node';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from '../../security/redactor';
import { redactLine } from './redact-line';

/** The log lives in the data folder, beside the journal, so one folder holds all a support call needs. */
export const logDirOf = (dataDir: string): string => join(dataDir, 'logs');
export const LOG_FILE = 'main.log';
const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_KEEP = 4;

export type LogLevel = 'info' | 'warn' | 'error';

export interface FileLogOptions {
  dir: string;
  /** A file larger than this is archived before the next line (main.log → main.1.log). */
  maxBytes?: number;
  /** How many archived files are kept (main.1.log newest … main.N.log oldest); older ones are deleted. */
  keep?: number;
  /** The secrets main holds, when the caller has them; shape-based redaction applies either way. */
  redactor?: Pick<Redactor, 'text'>;
  /** Also hand each (redacted) line here, e.g. the console while developing. */
  echo?: (line: string) => void;
}

export interface FileLog {
  readonly file: string;
  write(line: string, level?: LogLevel): void;
}

let loggers = 0;

/**
 * A rotating log file written by electron-log's file transport (its Node entry, so nothing here
 * imports Electron). Every message passes through redactLine in a hook, in front of the transport:
 * whatever a caller hands in, no key, signature or secret-shaped value reaches the disk.
 */
export function openFileLog(options: FileLogOptions): FileLog {
  const file = join(options.dir, LOG_FILE);
  try {
    mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  } catch {
    // The data folder cannot hold a log (it is a file, read-only, the disk is full). Start-up explains
    // that folder in a dialog of its own: the log must not be what stops the app before it can say so.
    return { file, write: (line) => options.echo?.(redactLine(line, options.redactor)) };
  }
  const keep = Math.max(1, options.keep ?? DEFAULT_KEEP);
  const logger = electronLog.create({ logId: `merchant-desk-${++loggers}` });
  // The file only: no console, no IPC to renderers, no remote endpoint.
  for (const [name, other] of Object.entries(
    logger.transports as Record<string, { level: unknown } | null>,
  )) {
    if (name !== 'file' && other) other.level = false;
  }
  const transport = logger.transports.file;
  transport.level = 'info';
  transport.sync = true;
  transport.maxSize = options.maxBytes ?? DEFAULT_MAX_BYTES;
  transport.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  transport.format = '[{y}-{m}-{d} {h}:{i}:{s}.{ms}] [{level}] {text}';
  transport.resolvePathFn = () => file;
  transport.archiveLogFn = (current) => {
    try {
      rotate(current.path, keep);
    } catch {
      // The folder refused a rename (a virus scanner holding the file on Windows): start the file
      // afresh rather than let it grow without bound.
      current.clear();
    }
  };
  logger.hooks.push((message) => ({
    ...message,
    data: message.data.map((part: unknown) => redactLine(String(part), options.redactor)),
  }));
  return {
    file,
    write(line, level = 'info') {
      logger[level](line);
      options.echo?.(redactLine(line, options.redactor));
    },
  };
}

const archiveName = (file: string, n: number) => file.replace(/\.log$/, `.${n}.log`);

/** main.log → main.1.log, main.1.log → main.2.log, …; the oldest beyond `keep` is deleted. */
function rotate(file: string, keep: number): void {
  rmSync(archiveName(file, keep), { force: true });
  for (let n = keep - 1; n >= 1; n--) {
    const from = archiveName(file, n);
    if (existsSync(from)) renameSync(from, archiveName(file, n + 1));
  }
  renameSync(file, archiveName(file, 1));
}

/** The log files in a folder, the current one first and then the archives, newest to oldest. */
export function logFilesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const order = (name: string) => (name === LOG_FILE ? 0 : Number(/\.(\d+)\.log$/.exec(name)?.[1] ?? 1e9));
  return readdirSync(dir)
    .filter((name) => name === LOG_FILE || /^main\.\d+\.log$/.test(name))
    .sort((a, b) => order(a) - order(b));
}
