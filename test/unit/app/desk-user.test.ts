import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { osUserName, recordedName } from '@main/app/desk-user';

describe('the name main records beside a decision', () => {
  it('is the signed-in OS user, read by main', () => {
    expect(osUserName()).toBe(userInfo().username);
    expect(osUserName(() => ' jdoe ')).toBe('jdoe');
    expect(
      osUserName(() => {
        throw new Error('no passwd entry');
      }),
    ).toBe('unnamed OS user');
  });

  it('keeps what the person typed only as a note beside the OS user', () => {
    expect(recordedName('jdoe')).toBe('jdoe');
    expect(recordedName('jdoe', '  ')).toBe('jdoe');
    expect(recordedName('jdoe', 'JDoe')).toBe('jdoe');
    expect(recordedName('jdoe', 'Jane Doe')).toBe('jdoe (wrote: Jane Doe)');
  });

  it('cuts a long note to fit 100 characters, never the OS user’s name', () => {
    const long = recordedName('jdoe', 'x'.repeat(200));
    expect(long).toHaveLength(100);
    expect(long).toMatch(/^jdoe \(wrote: x+…\)$/);
    expect(recordedName('u'.repeat(98), 'Jane Doe')).toBe('u'.repeat(98));
  });
});
