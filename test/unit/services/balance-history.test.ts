import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBalanceHistory } from '@main/services/balance-history';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-history-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const T0 = Date.parse('2026-01-01T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

/** Records one snapshot every `every` seconds for `for` seconds, as the overview's poll does. */
function poll(history: ReturnType<typeof createBalanceHistory>, every: number, seconds: number) {
  for (let s = 0; s <= seconds; s += every) history.record({ at: at(s), totalUsd: `${1000 + s}.00` });
}

describe('balance history', () => {
  it('keeps a second point on the second refresh, so the chart can draw a line', () => {
    const history = createBalanceHistory(dir, 'p1');
    poll(history, 5, 5);
    expect(history.points().map((p) => p.at)).toEqual([at(0), at(5)]);
  });

  it('keeps one point per minute plus the latest under 5-second polling', () => {
    const history = createBalanceHistory(dir, 'p1');
    poll(history, 5, 180);
    const times = history.points().map((p) => (Date.parse(p.at) - T0) / 1000);
    expect(times).toEqual([0, 60, 120, 180]);
    // The newest figure is always the one on screen: never an older snapshot.
    expect(history.points().at(-1)).toEqual({ at: at(180), totalUsd: '1180.00' });
  });

  it('survives a restart and stays bounded', () => {
    const first = createBalanceHistory(dir, 'p1', 3);
    for (let m = 0; m < 10; m++) first.record({ at: at(m * 60), totalUsd: '1.00' });
    expect(first.points()).toHaveLength(3);
    const reopened = createBalanceHistory(dir, 'p1', 3);
    expect(reopened.points()).toEqual(first.points());
  });
});
