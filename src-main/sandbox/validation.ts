import { isDecimalString } from '@shared/money/exact';
import { isRecord } from './http-util';

/** Collects Laravel-style field errors: { field: [messages] }. */
export class Fields {
  readonly errors: Record<string, string[]> = {};
  readonly input: Record<string, unknown>;

  constructor(body: unknown) {
    // A JSON array or scalar has no fields at all; every required field then reports missing.
    this.input = isRecord(body) ? body : {};
  }

  fail(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  has(field: string): boolean {
    return this.input[field] !== undefined && this.input[field] !== null;
  }

  string(field: string, opts: { required?: boolean; max?: number } = {}): string | null {
    const value = this.input[field];
    if (value === undefined || value === null) {
      if (opts.required) this.fail(field, `The ${field} field is required.`);
      return null;
    }
    if (typeof value !== 'string') {
      this.fail(field, `The ${field} field must be a string.`);
      return null;
    }
    if (opts.required && value.length === 0) {
      this.fail(field, `The ${field} field is required.`);
      return null;
    }
    if (opts.max !== undefined && value.length > opts.max) {
      this.fail(field, `The ${field} field must not be greater than ${opts.max} characters.`);
      return null;
    }
    return value;
  }

  decimal(field: string, opts: { required?: boolean } = {}): string | null {
    const value = this.string(field, { required: opts.required, max: 64 });
    if (value === null) return null;
    if (!isDecimalString(value)) {
      this.fail(field, `The ${field} field must be a decimal number written as a string, e.g. "10.50".`);
      return null;
    }
    return value;
  }

  boolean(field: string, fallback: boolean): boolean {
    const value = this.input[field];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'boolean') {
      this.fail(field, `The ${field} field must be true or false.`);
      return fallback;
    }
    return value;
  }

  url(field: string): string | null {
    const value = this.string(field, { max: 2048 });
    if (value === null) return null;
    if (!isHttpUrl(value)) {
      this.fail(field, `The ${field} field must be a valid URL.`);
      return null;
    }
    return value;
  }

  /** Lowercase asset or network code. */
  code(field: string, opts: { required?: boolean } = {}): string | null {
    const value = this.string(field, { required: opts.required, max: 32 });
    if (value === null) return null;
    if (!/^[a-z0-9_-]+$/.test(value)) {
      this.fail(field, `The ${field} field must be a lowercase code.`);
      return null;
    }
    return value;
  }
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}
