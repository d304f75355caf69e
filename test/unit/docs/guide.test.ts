import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The user guide's pages link each other, the rules in docs/ and the pictures the guide walk
// (test/system/e2e/specs/guide.spec.ts) takes: a renamed page or picture must not leave a broken link.
const GUIDE = fileURLToPath(new URL('../../../docs/guide/', import.meta.url));
const IMAGES = join(GUIDE, 'images');
const pages = readdirSync(GUIDE).filter((name) => name.endsWith('.md'));

/** Relative targets of Markdown links and images, and of <img>/<source> in <picture> blocks. */
function targets(markdown: string): string[] {
  const found = [
    ...markdown.matchAll(/\]\(([^)\s]+)\)/g),
    ...markdown.matchAll(/(?:src|srcset)="([^"]+)"/g),
  ].map((m) => m[1]!);
  return found.filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#'));
}

describe('the user guide', () => {
  it('has an index that links every page', () => {
    const index = readFileSync(join(GUIDE, 'README.md'), 'utf8');
    const linked = new Set(targets(index).map((t) => t.split('#')[0]));
    expect(pages.filter((p) => p !== 'README.md' && !linked.has(p))).toEqual([]);
  });

  it.each(pages)('%s: every link and picture points at a file that exists', (page) => {
    const text = readFileSync(join(GUIDE, page), 'utf8');
    const missing = targets(text)
      .map((t) => t.split('#')[0]!)
      .filter((t) => !existsSync(normalize(join(GUIDE, t))));
    expect(missing).toEqual([]);
  });

  it('uses every picture in images/, and each is a small PNG', () => {
    const used = new Set(
      pages
        .flatMap((p) => targets(readFileSync(join(GUIDE, p), 'utf8')))
        .map((t) => normalize(join(GUIDE, t))),
    );
    const pictures = readdirSync(IMAGES).map((name) => join(IMAGES, name));
    expect(pictures.filter((p) => !used.has(p)).map((p) => p.slice(dirname(IMAGES).length))).toEqual([]);
    for (const picture of pictures) {
      expect(readFileSync(picture).subarray(1, 4).toString('latin1'), picture).toBe('PNG');
      expect(statSync(picture).size, picture).toBeLessThanOrEqual(150 * 1024);
    }
  });
});
