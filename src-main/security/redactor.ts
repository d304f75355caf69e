/**
 * Defence in depth for the one rule: whatever leaves main (IPC answers, events, log lines) passes
 * through here, and any secret main has loaded is replaced before it can reach a screen or a file.
 * Secrets are kept only as long as they are registered; nothing here is persisted.
 */
export const REDACTED = '[redacted]';

export class Redactor {
  private readonly secrets = new Set<string>();

  register(secret: string): void {
    // Very short values would redact ordinary words; API keys are long.
    if (secret.length >= 8) this.secrets.add(secret);
  }

  forget(secret: string): void {
    this.secrets.delete(secret);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out;
  }

  /** Deep copy of a JSON-like value with every string (keys included) redacted. */
  value<T>(input: T): T {
    if (this.secrets.size === 0) return input;
    return this.walk(input, new WeakSet()) as T;
  }

  /**
   * `ancestors` holds only the objects on the path from the root to here: a value that contains
   * itself is a cycle ("[circular]"), while one object referenced twice side by side (the same
   * address in two rows) is copied both times.
   */
  private walk(input: unknown, ancestors: WeakSet<object>): unknown {
    if (typeof input === 'string') return this.text(input);
    if (input === null || typeof input !== 'object') return input;
    if (input instanceof Uint8Array) return input;
    if (ancestors.has(input)) return '[circular]';
    ancestors.add(input);
    try {
      if (Array.isArray(input)) return input.map((item) => this.walk(item, ancestors));
      const out: Record<string, unknown> = {};
      for (const [key, member] of Object.entries(input)) out[this.text(key)] = this.walk(member, ancestors);
      return out;
    } finally {
      ancestors.delete(input);
    }
  }
}
