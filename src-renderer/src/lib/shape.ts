/** Cheap shape checks for answers from main: enough to refuse something that would crash a screen. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hasArray(value: unknown, key: string): boolean {
  return isRecord(value) && Array.isArray(value[key]);
}

export function isNullableString(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

export function everyItem(
  value: unknown,
  key: string,
  check: (item: Record<string, unknown>) => boolean,
): boolean {
  if (!isRecord(value)) return false;
  const list = value[key];
  return Array.isArray(list) && list.every((item) => isRecord(item) && check(item));
}
