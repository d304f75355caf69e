import type { PassphraseQuestion } from './user-check';

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const WORDING: Record<PassphraseQuestion['mode'], (reason: string) => { title: string; line: string }> = {
  check: (reason) => ({ title: 'Desk passphrase', line: `Type the desk passphrase to ${reason}.` }),
  new: () => ({
    title: 'Choose a desk passphrase',
    line: 'At least 8 characters; a sentence works well. It is asked before live money moves on this desk.',
  }),
  repeat: () => ({
    title: 'Type it again',
    line: 'Type the new desk passphrase once more, to be sure of it.',
  }),
};

/**
 * The page of main's passphrase window: no script of its own (its preload sends the answer), nothing
 * it may load, and every word escaped. Cancel and Escape answer "cancelled".
 */
export function passphrasePage(question: PassphraseQuestion): string {
  const { title, line } = WORDING[question.mode](question.reason);
  const notice = question.notice ? `<p class="notice">${escape(question.notice)}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Merchant Desk</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 20px; color: #1b1b1f; background: #fff; }
h1 { font-size: 16px; margin: 0 0 8px; } p { margin: 0 0 12px; } .notice { color: #9a3412; }
input { width: 100%; box-sizing: border-box; font-size: 14px; padding: 6px 8px; }
.buttons { display: flex; justify-content: flex-end; gap: 8px; margin-top: 16px; }
</style></head>
<body><form id="prompt" autocomplete="off">
<h1>${escape(title)}</h1>
<p>${escape(line)}</p>${notice}
<label for="passphrase">Passphrase</label>
<input id="passphrase" type="password" autocomplete="off" spellcheck="false" maxlength="256" required>
<div class="buttons"><button type="button" id="cancel">Cancel</button><button type="submit">OK</button></div>
</form></body></html>`;
}
