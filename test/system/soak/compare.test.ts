import { describe, expect, it } from 'vitest';
import { compareRecords, failedInvariants, type JournalRow, type PerformedRecord } from './compare';

const row = (
  id: string,
  operation: JournalRow['operation'],
  state: JournalRow['state'],
  key: string | null,
) =>
  ({
    id,
    operation,
    state,
    key,
    resolvedBy: state.startsWith('resolved-') ? 'evidence' : null,
  }) as JournalRow;
const done = (operation: PerformedRecord['operation'], key: string, id = `${key}-rec`): PerformedRecord => ({
  operation,
  key,
  id,
});

describe('the soak comparison of the journal with the sandbox', () => {
  it('passes when every performed write is claimed once and the rest is rejected or open', () => {
    const result = compareRecords(
      [
        row('1', 'createInvoice', 'accepted', 'o-1'),
        row('2', 'createInvoice', 'resolved-not-performed', 'o-2'),
        // The order-id check that created o-2 after all.
        row('3', 'createInvoice', 'accepted', 'o-2'),
        row('4', 'createWithdrawal', 'resolved-performed', '12.5'),
        row('5', 'createWithdrawal', 'unknown', '13.5'),
        row('6', 'createWalletAddress', 'rejected', 'https://w/1'),
      ],
      [done('createInvoice', 'o-1'), done('createInvoice', 'o-2'), done('createWithdrawal', '12.5')],
    );
    expect(failedInvariants(result)).toEqual([]);
    expect(result.createWithdrawal).toMatchObject({ openNotPerformed: 1, resolvedByEvidence: 1, unknown: 2 });
    expect(result.createInvoice).toMatchObject({ performed: 2, accepted: 2, unknown: 1, rows: 3 });
  });

  it('counts a write performed twice as repeated', () => {
    const result = compareRecords(
      [row('1', 'createWithdrawal', 'accepted', '12.5')],
      [done('createWithdrawal', '12.5', 'wd_1'), done('createWithdrawal', '12.5', 'wd_2')],
    );
    expect(result.createWithdrawal.repeated).toBe(1);
    expect(failedInvariants(result)).toContain('createWithdrawal: repeated 1 (must be 0)');
  });

  it('counts a performed write the journal calls rejected, or does not hold, as lost', () => {
    const result = compareRecords(
      [row('1', 'createWalletAddress', 'rejected', 'https://w/1')],
      [done('createWalletAddress', 'https://w/1'), done('createWalletAddress', 'https://w/2')],
    );
    expect(result.createWalletAddress.lost).toBe(2);
    expect(result.problems.join('\n')).toMatch(/lost: createWalletAddress https:\/\/w\/2 .* says none/);
  });

  it('counts an accepted or resolved-performed row the sandbox never performed as phantom', () => {
    const result = compareRecords(
      [row('1', 'createInvoice', 'accepted', 'o-1'), row('2', 'createWithdrawal', 'resolved-performed', '9')],
      [],
    );
    expect(result.createInvoice.phantom).toBe(1);
    expect(result.createWithdrawal.phantom).toBe(1);
    expect(failedInvariants(result)).toHaveLength(2);
  });

  it('fails on an invoice left unknown and on a performed withdrawal left unknown, not on a wallet', () => {
    const result = compareRecords(
      [
        row('1', 'createInvoice', 'unknown', 'o-1'),
        row('2', 'createWithdrawal', 'unknown', '12.5'),
        row('3', 'createWalletAddress', 'unknown', 'https://w/1'),
      ],
      [done('createWithdrawal', '12.5'), done('createWalletAddress', 'https://w/1')],
    );
    expect(failedInvariants(result)).toEqual([
      'createInvoice: 1 left unknown after the order-id check',
      'createWithdrawal: 1 performed but left unknown after its webhooks',
    ]);
    expect(result.createWalletAddress.openPerformed).toBe(1);
  });

  it('fails on a row that names no write', () => {
    const result = compareRecords([row('7', 'createInvoice', 'accepted', null)], []);
    expect(failedInvariants(result)).toEqual(['createInvoice: unnamed 1 (must be 0)']);
  });
});
