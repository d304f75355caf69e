/**
 * Electron's side of "who is at the desk" (issue 26 item 2): Touch ID on a Mac that offers it, and a
 * small modal window of main's own for the desk passphrase. Only index.ts uses this file; the rest of
 * main sees the UserCheck interface.
 */
import { BrowserWindow, systemPreferences } from 'electron';
import { passphrasePage, promptAnswerOf } from './security/user-check/prompt-page';
import type { PassphrasePrompt, UserCheck } from './security/user-check/user-check';

function windowPrompt(parent: () => BrowserWindow | undefined): PassphrasePrompt {
  return (question) =>
    new Promise((resolve) => {
      const owner = parent();
      const prompt = new BrowserWindow({
        ...(owner ? { parent: owner, modal: true } : {}),
        width: 460,
        height: 280,
        resizable: false,
        minimizable: false,
        maximizable: false,
        fullscreenable: false,
        show: false,
        title: 'Merchant Desk',
        // No preload and no script: main reads the form as it submits (prompt-page.ts).
        webPreferences: {
          sandbox: true,
          contextIsolation: true,
          nodeIntegration: false,
          javascript: false,
          devTools: false,
          spellcheck: false,
        },
      });
      let settled = false;
      const finish = (value: string | null) => {
        if (settled) return;
        settled = true;
        if (!prompt.isDestroyed()) prompt.destroy();
        resolve(value);
      };
      // The form's submission is the answer; it never leaves the window (every navigation is stopped).
      prompt.webContents.on('will-navigate', (event) => {
        event.preventDefault();
        const answer = promptAnswerOf(event.url);
        if (answer.answered) finish(answer.value);
      });
      prompt.on('closed', () => finish(null));
      prompt.once('ready-to-show', () => prompt.show());
      prompt.setMenu(null);
      void prompt.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(passphrasePage(question))}`);
    });
}

/** Touch ID where macOS offers it (else the desk passphrase), and main's passphrase window. */
export function electronUserCheck(parent: () => BrowserWindow | undefined): UserCheck {
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
    askPassphrase: windowPrompt(parent),
  };
}
