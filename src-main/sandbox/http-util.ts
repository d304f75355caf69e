import type { IncomingMessage } from 'node:http';
import { canonicalJson } from '../protocol/canonical';

/** What a handler decides; the server writes it (or drops the connection instead, under a fault). */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
  /** Raw bytes (the QR PNG) bypass JSON encoding. */
  raw?: Buffer;
}

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return { status, body, headers };
}

export const ok = (data: unknown, headers?: Record<string, string>): Reply =>
  json(200, { status: 'success', data }, headers);

export const authError = (status: number, error: string): Reply => json(status, { error });

export const controllerError = (
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): Reply => json(status, { status: 'error', message, ...extra });

export const validationError = (errors: Record<string, string[]>, message?: string): Reply =>
  json(422, {
    status: 'error',
    message: message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.',
    errors,
  });

/** Response bytes as the PHP service would write them (escaped slashes, \u escapes). */
export function encodeBody(body: unknown): string {
  try {
    return canonicalJson(body);
  } catch {
    return JSON.stringify(body);
  }
}

export const MAX_BODY_BYTES = 1024 * 1024;
/** Past this we stop draining and cut the connection: a sandbox is not a sink for endless uploads. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

export type BodyResult = { kind: 'ok'; text: string } | { kind: 'too-large' } | { kind: 'aborted' };

/**
 * Reads at most MAX_BODY_BYTES into memory. A larger body is drained without keeping it, so the client
 * can finish its upload and read our 413 instead of seeing a reset mid-write.
 */
export function readBody(req: IncomingMessage): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAIN_BYTES) {
        req.destroy();
        return;
      }
      if (size > MAX_BODY_BYTES) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(
        tooLarge ? { kind: 'too-large' } : { kind: 'ok', text: Buffer.concat(chunks).toString('utf8') },
      ),
    );
    req.on('error', () => resolve({ kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve({ kind: 'aborted' });
    });
  });
}

export type ParsedBody = { kind: 'empty' } | { kind: 'json'; value: unknown } | { kind: 'malformed' };

export function parseBody(text: string): ParsedBody {
  if (text.length === 0) return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'malformed' };
  }
}

export const malformedJson = (): Reply =>
  validationError({ body: ['The request body is not valid JSON.'] }, 'The request body is not valid JSON.');

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
