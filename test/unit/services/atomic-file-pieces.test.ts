import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomicPieces } from '@main/services/atomic-file';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('writeFileAtomicPieces', () => {
  it('writes every piece exactly, whatever their sizes and characters, in order', async () => {
    dir = mkdtempSync(join(tmpdir(), 'md-pieces-'));
    const file = join(dir, 'out.csv');
    // A short piece after a long one must not carry the long one's bytes; multi-byte text must
    // count its bytes, not its characters.
    const pieces = ['id,name\r\n', `1,${'x'.repeat(200_000)}\r\n`, '2,Café ☕ 𝄞\r\n', '3,"a,b"\r\n', ''];
    async function* source() {
      yield* pieces;
    }
    await writeFileAtomicPieces(file, source());
    expect(readFileSync(file, 'utf8')).toBe(pieces.join(''));
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });

  it('leaves no file and no temp file when the pieces fail part-way', async () => {
    dir = mkdtempSync(join(tmpdir(), 'md-pieces-'));
    const file = join(dir, 'out.csv');
    async function* source() {
      yield 'id\r\n';
      throw new Error('the journal closed');
    }
    await expect(writeFileAtomicPieces(file, source())).rejects.toThrow('the journal closed');
    expect(readdirSync(dir)).toEqual([]);
  });
});
