import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREENS } from '@renderer/shell/routes';
import { initialJs, screenChunks } from '@test/bench/renderer/bundle-size';
import { ensureBuilt, ROOT } from '@test/helpers/built-app/build';

// The built renderer, as it ships: what the window loads before its first paint.
const OUT = join(ROOT, 'out/renderer');
beforeAll(() => ensureBuilt(), 60_000);

describe('the built renderer at start', () => {
  it('loads one script file, and every screen stays in a lazy chunk of its own', () => {
    const initial = initialJs(OUT);
    expect(initial.chunks.map((chunk) => chunk.file)).toHaveLength(1);
    const screensSource = readFileSync(join(ROOT, 'src-renderer/src/shell/screens.tsx'), 'utf8');
    const screens = screenChunks(
      OUT,
      screensSource,
      SCREENS.map((s) => s.id),
      initial,
    );
    expect(screens.map((s) => s.screen)).toEqual(SCREENS.map((s) => s.id));
  });

  it('blocks rendering on its one entry script: the first frame is the shell, not the empty page', () => {
    const html = readFileSync(join(OUT, 'index.html'), 'utf8');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/type="module"/);
    expect(scripts[0]).toMatch(/blocking="render"/);
  });

  it('holds neither zod nor the contract: they load when the page is first idle', () => {
    const [start] = initialJs(OUT).chunks;
    const source = readFileSync(join(OUT, start!.file), 'utf8');
    expect(source).not.toMatch(/ZodError|__zod_globalConfig/);
  });
});
