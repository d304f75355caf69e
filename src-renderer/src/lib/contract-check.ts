/**
 * What main answers and pushes, checked against the contract's schemas: the one renderer module that
 * imports the contract's values. Loaded only by dynamic import (contract-loader.ts), so zod and the
 * schemas stay out of the initial bundle; the linter refuses a static import of this file.
 */
import { ErrorInfo, eventChannels, invokeChannels, type EventChannel, type IpcResult } from '@contract';
import { issuePath } from '@shared/field-errors';

function malformed(channel: string, paths: string[]): IpcResult<never> {
  return {
    ok: false,
    error: {
      kind: 'malformed-answer',
      message:
        'Merchant Desk received an answer from its main process that it could not read, so nothing was shown from it. ' +
        'Try again; if it keeps happening, restart Merchant Desk, and update it if that does not help.',
      details: { channel, paths },
    },
  };
}

const pathsOf = (issues: readonly { path: readonly PropertyKey[] }[]) =>
  issues.slice(0, 5).map((issue) => issuePath(issue.path, '(answer)'));

/** One answer checked against the channel's response schema; anything else becomes an ErrorInfo. */
export function checkAnswer(channel: string, answer: unknown): IpcResult<unknown> {
  const schema = Object.hasOwn(invokeChannels, channel)
    ? invokeChannels[channel as keyof typeof invokeChannels].response
    : undefined;
  if (!schema) return malformed(channel, ['(channel)']);
  if (typeof answer !== 'object' || answer === null) return malformed(channel, ['(answer)']);
  const { ok, data, error } = answer as { ok?: unknown; data?: unknown; error?: unknown };
  if (ok === true) {
    const parsed = schema.safeParse(data);
    return parsed.success
      ? { ok: true, data: parsed.data }
      : malformed(channel, pathsOf(parsed.error.issues));
  }
  if (ok === false) {
    const parsed = ErrorInfo.safeParse(error);
    return parsed.success
      ? { ok: false, error: parsed.data }
      : malformed(
          channel,
          pathsOf(parsed.error.issues).map((p) => `error.${p}`),
        );
  }
  return malformed(channel, ['ok']);
}

/** A pushed payload if it matches its event's schema; undefined for one that does not. */
export function checkPush(event: EventChannel, payload: unknown): { payload: unknown } | undefined {
  const parsed = eventChannels[event].safeParse(payload);
  return parsed.success ? { payload: parsed.data } : undefined;
}

export function transportFailed(error: unknown): IpcResult<never> {
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return {
    ok: false,
    error: {
      kind: 'internal',
      message: `The request did not reach Merchant Desk's main process${detail}. Try again; if it keeps happening, restart the app.`,
    },
  };
}
