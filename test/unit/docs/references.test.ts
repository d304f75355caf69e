import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The developer docs are cited from the code ("UX rule 5") and from each other (ARCHITECTURE.md links
// the decision records): a renumbered rule or a renamed record must not leave a reference dangling.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const UX_RULES = join(ROOT, 'docs/ux-rules.md');
const ADR_DIR = join(ROOT, 'docs/adr');
const SOURCE_DIRS = ['src-main', 'src-preload', 'src-renderer', 'src-shared'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|css|html)$/;

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, keep);
    return keep(name) ? [path] : [];
  });
}

/** The rules docs/ux-rules.md defines, by number, from its "## N. Title" headings. */
function ruleNumbers(): number[] {
  return [...readFileSync(UX_RULES, 'utf8').matchAll(/^## (\d+)\. \S/gm)].map((m) => Number(m[1]));
}

/** A comment may wrap a citation over two lines; read it as one line of prose. */
const asProse = (text: string) => text.replace(/\s*\n\s*(?:\*(?!\/)|\/\/)?\s*/g, ' ');

interface Citation {
  file: string;
  text: string;
  numbers: number[];
}

/** Every mention of the UX rules in the sources, with the rule numbers it names. */
function citations(): Citation[] {
  const sources = SOURCE_DIRS.flatMap((dir) => filesUnder(join(ROOT, dir), (n) => SOURCE_FILE.test(n)));
  return sources.flatMap((path) =>
    [
      ...asProse(readFileSync(path, 'utf8')).matchAll(
        /\bUX(?:\.md)?\s+(?:rule|principle)s?\b(?:\s*(?:\d+\b|,|and\b))*/gi,
      ),
    ].map((m) => ({
      file: relative(ROOT, path),
      text: m[0],
      numbers: [...m[0].matchAll(/\d+/g)].map((n) => Number(n[0])),
    })),
  );
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

/** Relative link targets of a Markdown file (links to the web and to code spans are not followed). */
function links(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/i.test(t));
}

const adrs = readdirSync(ADR_DIR)
  .filter((name) => /^\d{4}-/.test(name))
  .sort();
const DOCS = [
  'README.md',
  'ARCHITECTURE.md',
  'CONTRIBUTING.md',
  'docs/ux-rules.md',
  ...readdirSync(ADR_DIR).map((name) => `docs/adr/${name}`),
];

describe('UX rule citations in the code', () => {
  const defined = ruleNumbers();

  it('docs/ux-rules.md numbers its rules 1, 2, 3 … without a gap', () => {
    expect(defined.length).toBeGreaterThanOrEqual(12);
    expect(defined).toEqual(defined.map((_, i) => i + 1));
  });

  it('finds the citations (so a broken pattern cannot pass by finding none)', () => {
    expect(citations().length).toBeGreaterThanOrEqual(25);
  });

  it('cites every rule as "UX rule N", so each reference leads to docs/ux-rules.md', () => {
    const odd = citations().filter((c) => !/^UX rules? \d+((, | and )\d+)*$/.test(c.text.trim()));
    expect(odd.map((c) => `${c.file}: ${c.text}`)).toEqual([]);
  });

  it('names only rules that docs/ux-rules.md defines', () => {
    const dangling = citations().filter(
      (c) => c.numbers.length === 0 || c.numbers.some((n) => !defined.includes(n)),
    );
    expect(dangling.map((c) => `${c.file}: ${c.text}`)).toEqual([]);
  });
});

describe('the decision records', () => {
  it('are numbered 0001, 0002 … without a gap, at least six of them', () => {
    expect(adrs.length).toBeGreaterThanOrEqual(6);
    expect(adrs.map((name) => Number(name.slice(0, 4)))).toEqual(adrs.map((_, i) => i + 1));
  });

  it.each(adrs)('%s has a status, a context, a decision and its consequences', (name) => {
    const text = readFileSync(join(ADR_DIR, name), 'utf8');
    expect(text).toMatch(new RegExp(`^# ${Number(name.slice(0, 4))}\\. \\S`, 'm'));
    expect(text).toMatch(/^Status: (Proposed|Accepted|Superseded by \d+)/m);
    for (const section of ['Context', 'Decision', 'Consequences'])
      expect(text).toMatch(new RegExp(`^## ${section}$`, 'm'));
  });

  it('are each linked from ARCHITECTURE.md', () => {
    const linked = new Set(
      links(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8')).map((t) => t.split('#')[0]),
    );
    expect(adrs.filter((name) => !linked.has(`docs/adr/${name}`))).toEqual([]);
  });
});

describe('links between the developer docs', () => {
  it.each(DOCS)('%s: every relative link points at a file (and a heading) that exists', (doc) => {
    const from = join(ROOT, doc);
    const broken = links(readFileSync(from, 'utf8')).filter((target) => {
      const [file = '', anchor] = target.split('#');
      const path = file ? normalize(join(dirname(from), file)) : from;
      if (!existsSync(path)) return true;
      if (!anchor || !path.endsWith('.md')) return false;
      const headings = [...readFileSync(path, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!));
      return !headings.includes(anchor);
    });
    expect(broken).toEqual([]);
  });
});
