import type { z } from 'zod';
import { issuePath } from '@shared/field-errors';
import { ApiError, shorten } from './errors';
import type { HttpResponse } from './transport';

/** Reading a 2xx body. Any failure here is an ApiError; for a write it means "outcome unknown". */

export interface QrImage {
  bytes: Uint8Array;
  contentType: string;
}

const pathText = (path: readonly PropertyKey[]) => issuePath(path, '(body)');

function parseJson(operation: string, res: HttpResponse): unknown {
  const text = new TextDecoder('utf-8').decode(res.body);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError({
      kind: 'not-json',
      operation,
      httpStatus: res.status,
      message: `The service answered ${operation} with HTTP ${res.status} but the body could not be read as JSON. Report this; do not repeat a write before checking whether it happened.`,
      details: { excerpt: shorten(text, 200), contentType: res.headers.get('content-type') ?? undefined },
    });
  }
}

export function schemaError(operation: string, status: number, error: z.ZodError): ApiError {
  const first = error.issues[0];
  const path = first ? pathText(first.path) : '(body)';
  const issues = error.issues.slice(0, 5).map((i) => ({ path: pathText(i.path), message: i.message }));
  return new ApiError({
    kind: 'schema',
    operation,
    httpStatus: status,
    message: `The service's answer to ${operation} does not match the contract at ${path}: ${first?.message ?? 'invalid'}. The app did not use it; please report this.`,
    details: { path, issues },
  });
}

export function decodeJson<S extends z.ZodType>(
  operation: string,
  schema: S,
  res: HttpResponse,
): z.output<S> {
  const parsed = schema.safeParse(parseJson(operation, res));
  if (!parsed.success) throw schemaError(operation, res.status, parsed.error);
  return parsed.data;
}

/**
 * Parses a 2xx body and unwraps the usual `{status: "success", data}` envelope when present
 * (`enveloped` says whether it was). Only an explicit `status: "error"` is refused, since a 2xx
 * claiming failure cannot be read as success: for a write that stays "outcome unknown".
 */
export function openEnvelope(operation: string, res: HttpResponse): { data: unknown; enveloped: boolean } {
  const value = parseJson(operation, res);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    if (obj.status === 'error') {
      throw new ApiError({
        kind: 'schema',
        operation,
        httpStatus: res.status,
        message: `The service answered ${operation} with HTTP ${res.status} but an error body. The outcome is unclear; please report this.`,
        details: {
          path: 'status',
          message: typeof obj.message === 'string' ? shorten(obj.message, 300) : undefined,
        },
      });
    }
    if (obj.status === 'success' && 'data' in obj) return { data: obj.data, enveloped: true };
  }
  return { data: value, enveloped: false };
}

/** For read answers whose shape the spec does not show: the envelope is unwrapped when present. */
export function decodeLoose(operation: string, res: HttpResponse): unknown {
  return openEnvelope(operation, res).data;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function decodePng(operation: string, res: HttpResponse): QrImage {
  const contentType = res.headers.get('content-type') ?? '';
  const isPng = PNG_MAGIC.every((byte, i) => res.body[i] === byte);
  if (!contentType.toLowerCase().startsWith('image/') || !isPng) {
    throw new ApiError({
      kind: 'schema',
      operation,
      httpStatus: res.status,
      message: `The service answered ${operation} with "${shorten(contentType, 60) || 'no content type'}" instead of a PNG image. Try again later.`,
      details: { path: '(body)', contentType },
    });
  }
  return { bytes: res.body, contentType };
}
