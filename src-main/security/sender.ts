/** What Electron tells about the frame behind an IPC call (the slice the check needs). */
export interface IpcSenderEvent {
  sender?: { id?: number };
  senderFrame?: { url?: string; parent?: unknown } | null;
}

/**
 * A sender is trusted only when it is the app's own window, in its top-level frame, showing the app's
 * own page. Checked on every call (after a navigation or a bug, the same webContents could host
 * something else), in the spirit of VS Code's validated ipcMain.
 */
export function createSenderCheck(options: {
  trustedUrl: (url: URL) => boolean;
  webContentsIds: () => ReadonlySet<number>;
}): (event: IpcSenderEvent) => boolean {
  return (event) => {
    const frame = event.senderFrame;
    const id = event.sender?.id;
    if (!frame || typeof frame.url !== 'string' || typeof id !== 'number') return false;
    if (frame.parent) return false;
    if (!options.webContentsIds().has(id)) return false;
    let url: URL;
    try {
      url = new URL(frame.url);
    } catch {
      return false;
    }
    return options.trustedUrl(url);
  };
}

/**
 * The renderer is served from the app's own page (`app://desk/index.html`, security/app-protocol.ts),
 * or from the dev server on loopback during `npm run dev`. Any other page, a file: one included, is not
 * the app.
 */
export function appUrlCheck(page: URL, devServer?: string): (url: URL) => boolean {
  const dev = devServer ? new URL(devServer) : undefined;
  return (url) => {
    if (url.protocol === page.protocol && url.host === page.host) return url.pathname === page.pathname;
    return !!dev && url.origin === dev.origin && ['localhost', '127.0.0.1'].includes(dev.hostname);
  };
}
