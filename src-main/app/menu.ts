import type { MenuItemConstructorOptions } from 'electron';

/** What the Help items do: each asks the window (About, the export) rather than acting behind it. */
export interface MenuActions {
  about(): void;
  exportDiagnostics(): void;
}

/**
 * Standard roles, plus Help → About and Help → Export diagnostics. Neither moves money nor bypasses a
 * review screen: both only ask the window to open its About dialog (and start the export from there).
 */
export function buildMenuTemplate(
  appName: string,
  platform: NodeJS.Platform,
  actions: MenuActions,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const about = { label: `About ${appName}`, click: () => actions.about() };
  return [
    ...(mac ? [{ label: appName, submenu: [about, { type: 'separator' }, { role: 'quit' }] }] : []),
    { label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      // The role puts macOS's own search field in it; elsewhere it is an ordinary menu.
      role: 'help',
      label: 'Help',
      submenu: [
        { label: 'Export diagnostics…', click: () => actions.exportDiagnostics() },
        // macOS keeps About in the app menu, as every Mac app does.
        ...(mac ? [] : [{ type: 'separator' }, about]),
      ],
    },
  ] as MenuItemConstructorOptions[];
}
