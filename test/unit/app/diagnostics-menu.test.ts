import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { buildMenuTemplate } from '@main/app/menu';

type Item = MenuItemConstructorOptions;
const submenuOf = (menu: Item[], label: string): Item[] =>
  (menu.find((m) => m.label === label)?.submenu ?? []) as Item[];
const click = (item: Item | undefined) => (item?.click as unknown as (() => void) | undefined)?.();

function build(platform: NodeJS.Platform) {
  const asked: string[] = [];
  const menu = buildMenuTemplate('Merchant Desk', platform, {
    about: () => asked.push('about'),
    exportDiagnostics: () => asked.push('export-diagnostics'),
  });
  return { menu, asked };
}

describe('the Help menu', () => {
  it.each(['win32', 'linux'] as const)('on %s: Help holds Export diagnostics… and About', (platform) => {
    const { menu, asked } = build(platform);
    const help = submenuOf(menu, 'Help');
    expect(help.filter((i) => i.label).map((i) => i.label)).toEqual([
      'Export diagnostics…',
      'About Merchant Desk',
    ]);
    click(help.find((i) => i.label === 'Export diagnostics…'));
    click(help.find((i) => i.label === 'About Merchant Desk'));
    expect(asked).toEqual(['export-diagnostics', 'about']);
    expect(menu.at(-1)?.role).toBe('help');
  });

  it('on macOS: About is in the app menu and opens the in-app dialog, Help holds the export', () => {
    const { menu, asked } = build('darwin');
    const appMenu = submenuOf(menu, 'Merchant Desk');
    const about = appMenu.find((i) => i.label === 'About Merchant Desk');
    expect(about?.role).toBeUndefined();
    click(about);
    expect(submenuOf(menu, 'Help').map((i) => i.label)).toEqual(['Export diagnostics…']);
    click(submenuOf(menu, 'Help')[0]);
    expect(asked).toEqual(['about', 'export-diagnostics']);
  });
});
