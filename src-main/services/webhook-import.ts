import {
  IMPORT_LIMITS,
  type ImportCounts,
  type SkippedLine,
  type WebhookDelivery,
  type WebhookImportResult,
} from '@shared/domain/webhooks';
import { obj, str } from './webhook-facts';
import type { IncomingDelivery, IngestOptions, WebhookTarget } from './webhook-delivery';
import type { WebhookLog } from '../storage/port/webhook-log';

export interface ImportOptions {
  /** Lines handled per transaction; between batches the event loop runs other calls. */
  batchSize?: number;
  limits?: Partial<Record<keyof typeof IMPORT_LIMITS, number>>;
  onProgress?: (progress: { done: number; total: number }) => void;
  /** Each delivery read, after its batch is written (the caller announces journal changes). */
  onEach?: (delivery: WebhookDelivery) => void;
}

interface ImportDeps {
  log: WebhookLog;
  ingestFor: (
    target: WebhookTarget,
    incoming: IncomingDelivery,
    how: IngestOptions,
  ) => Promise<WebhookDelivery>;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The first `max` non-empty lines with their 1-based line numbers, and where reading stopped. */
function firstLines(content: string, max: number): { lines: Array<[number, string]>; next: number } {
  const lines: Array<[number, string]> = [];
  let start = 0;
  let number = 0;
  while (start <= content.length && lines.length < max) {
    const end = content.indexOf('\n', start);
    const stop = end === -1 ? content.length : end;
    number++;
    const line = content.slice(start, stop).replace(/\r$/, '');
    if (line.trim() !== '') lines.push([number, line]);
    start = end === -1 ? content.length + 1 : end + 1;
  }
  return { lines, next: start };
}

/** Non-empty lines from `start` on, only counted; the event loop runs every so many lines. */
async function countRest(content: string, start: number): Promise<number> {
  let count = 0;
  let seen = 0;
  while (start <= content.length) {
    const end = content.indexOf('\n', start);
    const stop = end === -1 ? content.length : end;
    // Most lines start with a visible character; only the others need a closer look.
    if (stop > start && (content.charCodeAt(start) > 32 || content.slice(start, stop).trim() !== '')) count++;
    start = stop + 1;
    if (++seen % 250_000 === 0) await yieldToLoop();
  }
  return count;
}

/** What one line holds: the exact bytes received and their signature, or why it is not a delivery. */
function readLine(line: string, maxChars: number): IncomingDelivery | string {
  if (line.length > maxChars) return `longer than ${maxChars.toLocaleString('en-US')} characters`;
  let row: Record<string, unknown>;
  try {
    row = obj(JSON.parse(line));
  } catch {
    return 'not JSON';
  }
  const headers = obj(row.headers);
  const header = (name: string) => str(headers[name]) ?? str(headers[name.toLowerCase()]);
  const rawBody = str(row.raw_body) ?? str(row.body);
  if (!rawBody) return 'no raw_body (the exact bytes received are needed to verify)';
  const signature = str(row.signature) ?? str(row.x_signature) ?? header('X-Signature');
  return { rawBody, signature, source: 'file' };
}

function tally(counts: ImportCounts, delivery: WebhookDelivery): void {
  counts.read++;
  if (!delivery.verified || delivery.rejection === 'not-json') counts.rejected++;
  else if (delivery.duplicate) counts.duplicates++;
  else if (delivery.appliedTo) counts.applied++;
  else counts.verified++;
}

/**
 * A JSON-lines export from the merchant's server, one delivery per line. Bounded: at most
 * `maxLines` lines are read (the rest are counted as not read), a line over `maxLineChars` is
 * skipped, rows are written a batch per transaction and the event loop runs between batches, so other
 * calls are answered while a large file goes in. The answer carries the counts and the first rows.
 */
export async function importJsonl(
  content: string,
  target: WebhookTarget,
  deps: ImportDeps,
  options: ImportOptions = {},
): Promise<WebhookImportResult & { counts: ImportCounts; skipped: SkippedLine[] }> {
  const limits = { ...IMPORT_LIMITS, ...options.limits };
  const batchSize = options.batchSize ?? 200;
  const { lines, next } = firstLines(content, limits.maxLines);
  const total = lines.length + (await countRest(content, next));
  const counts: ImportCounts = {
    lines: total,
    read: 0,
    applied: 0,
    verified: 0,
    duplicates: 0,
    rejected: 0,
    skipped: 0,
    notRead: total - lines.length,
  };
  const deliveries: WebhookDelivery[] = [];
  const skipped: SkippedLine[] = [];
  for (let from = 0; from < lines.length; from += batchSize) {
    const batch: WebhookDelivery[] = [];
    await deps.log.batch(async () => {
      for (const [number, line] of lines.slice(from, from + batchSize)) {
        const incoming = readLine(line, limits.maxLineChars);
        if (typeof incoming === 'string') {
          counts.skipped++;
          if (skipped.length < limits.firstRows) skipped.push({ line: number, reason: incoming });
          continue;
        }
        const delivery = await deps.ingestFor(target, incoming, { quiet: true });
        tally(counts, delivery);
        batch.push(delivery);
        if (deliveries.length < limits.firstRows) deliveries.push(delivery);
      }
    });
    for (const delivery of batch) options.onEach?.(delivery);
    options.onProgress?.({ done: Math.min(from + batchSize, lines.length), total: lines.length });
    await yieldToLoop();
  }
  await deps.log.prune();
  return { deliveries, counts, skipped };
}
