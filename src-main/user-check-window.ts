/**
 * Electron's side of "who is at the desk" (issue 26 item 2): Touch ID on a Mac that offers it, and a
 * small modal window of main's own for the desk passphrase. Only index.ts uses this file; the rest of
 * main sees the UserCheck interface.
 */
import { BrowserWindow, ipcMain, systemPreferences, type IpcMainEvent } from 'electron';
import { PASSPHRASE_PROMPT_CHANNEL } from '@shared/domain/user-check';
import { passphrasePage } from './security/user-check/prompt-page';
import type { PassphrasePrompt, UserCheck } from './security/user-check/user-check';

function windowPrompt(parent: () => BrowserWindow | undefined, preload: string): PassphrasePrompt {
  return (question) =>
    new Promise((resolve) => {
      const owner = parent();
      const prompt = new BrowserWindow({
        ...(owner ? { parent: owner, modal: true } : {}),
        width: 460,
        height: 270,
        resizable: false,
        minimizable: false,
        maximizable: false,
        fullscreenable: false,
        show: false,
        title: 'Merchant Desk',
        webPreferences: {
          preload,
          sandbox: true,
          contextIsolation: true,
          nodeIntegration: false,
          devTools: false,
          spellcheck: false,
        },
      });
      let settled = false;
      const finish = (value: string | null) => {
        if (settled) return;
        settled = true;
        ipcMain.removeListener(PASSPHRASE_PROMPT_CHANNEL, onAnswer);
        if (!prompt.isDestroyed()) prompt.close();
        resolve(value);
      };
      // Heard from this window alone: the main window's page cannot answer for the person.
      const onAnswer = (event: IpcMainEvent, value: unknown) => {
        if (prompt.isDestroyed() || event.sender.id !== prompt.webContents.id) return;
        finish(typeof value === 'string' ? value : null);
      };
      ipcMain.on(PASSPHRASE_PROMPT_CHANNEL, onAnswer);
      prompt.on('closed', () => finish(null));
      prompt.once('ready-to-show', () => prompt.show());
      prompt.setMenu(null);
      void prompt.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(passphrasePage(question))}`);
    });
}

/** Touch ID where macOS offers it (else the desk passphrase), and main's passphrase window. */
export function electronUserCheck(parent: () => BrowserWindow | undefined, preload: string): UserCheck {
  return {
    touchId:
      process.platform === 'darwin'
        ? {
            canPrompt: () => systemPreferences.canPromptTouchID(),
            // A failure and a cancel both reject; either way nothing goes ahead.
            prompt: (reason) =>
              systemPreferences.promptTouchID(reason).then(
                () => true,
                () => false,
              ),
          }
        : null,
    askPassphrase: windowPrompt(parent, preload),
  };
}
