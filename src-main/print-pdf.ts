import { BrowserWindow } from 'electron';

/**
 * Prints a self-contained HTML page (the reconciliation report) to an A4 PDF with Chromium's own
 * printing: a hidden window with no script, in a session of its own (the app's session sets the
 * page's content policy, which the report's inline style does not need to meet), destroyed after.
 */
export async function printHtmlToPdf(html: string): Promise<Uint8Array> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: { javascript: false, sandbox: true, contextIsolation: true, partition: 'md-print' },
  });
  try {
    await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
    return await window.webContents.printToPDF({ pageSize: 'A4', preferCSSPageSize: true });
  } finally {
    window.destroy();
  }
}
