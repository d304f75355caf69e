import type { IncomingHttpHeaders } from 'node:http';

/**
 * What the local receiver checks before it reads a byte of a body: who the request was addressed to,
 * where, in what format and how large. Each refusal is cheap, so junk costs the desk almost nothing
 * and never touches the budgets a genuine delivery needs.
 */

/** A webhook body is a small JSON document; anything larger is refused before it is read. */
export const MAX_RECEIVER_BODY = 64 * 1024;

export type GateRefusal =
  | { status: 405; reason: 'method' }
  | { status: 421; reason: 'host' }
  | { status: 404; reason: 'path' }
  | { status: 415; reason: 'content-type' }
  | { status: 413; reason: 'too-large' };

export interface GateRules {
  port: number;
  /** The secret path segment, without slashes. */
  secret: string;
  maxBody: number;
}

/**
 * A browser page that rebinds its own name to 127.0.0.1 still sends its own name as Host: only the
 * loopback names with our port are the receiver. A tunnel must therefore pass the local Host on
 * (ngrok `--host-header=rewrite`, cloudflared `httpHostHeader`).
 */
function hostAllowed(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const name = host.toLowerCase();
  return name === `127.0.0.1:${port}` || name === `localhost:${port}`;
}

function isJson(contentType: string | undefined): boolean {
  const media = contentType?.split(';')[0]?.trim().toLowerCase();
  return media === 'application/json';
}

/** Null when the request may be read; otherwise the answer to give it without reading its body. */
export function checkRequest(
  req: { method?: string | undefined; url?: string | undefined; headers: IncomingHttpHeaders },
  rules: GateRules,
): GateRefusal | null {
  if (req.method !== 'POST') return { status: 405, reason: 'method' };
  if (!hostAllowed(req.headers.host, rules.port)) return { status: 421, reason: 'host' };
  if (req.url !== `/${rules.secret}`) return { status: 404, reason: 'path' };
  if (!isJson(req.headers['content-type'])) return { status: 415, reason: 'content-type' };
  const length = Number(req.headers['content-length'] ?? 0);
  if (!Number.isFinite(length) || length > rules.maxBody) return { status: 413, reason: 'too-large' };
  return null;
}

/**
 * A token bucket: refills continuously, so a steady sender at the rate is never turned away. Time
 * that runs backwards refills nothing and takes nothing: with the wall clock, a person setting a
 * fast clock right by ten minutes left the bucket owing ten minutes of tokens, and every delivery
 * was refused for that long (the soak found it). The receiver's own clock is monotonic anyway.
 */
export function createLimiter(rate: number, burst: number, now: () => number) {
  let tokens = burst;
  let last = now();
  return () => {
    const at = now();
    tokens = Math.min(burst, tokens + (Math.max(0, at - last) / 1000) * rate);
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}
