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
 * Where the page's form "goes": nowhere. Main sees the navigation start (will-navigate), reads the
 * answer from it and stops it; `.invalid` names no host that could ever answer.
 */
const ANSWER_URL = 'https://passphrase-prompt.invalid/answer';

/**
 * What a navigation of the passphrase window says: not an answer at all (anything but the form's
 * own address), the passphrase typed, or null for Cancel.
 */
export function promptAnswerOf(url: string): { answered: false } | { answered: true; value: string | null } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { answered: false };
  }
  if (`${parsed.origin}${parsed.pathname}` !== ANSWER_URL) return { answered: false };
  if (parsed.searchParams.has('cancel')) return { answered: true, value: null };
  return { answered: true, value: parsed.searchParams.get('passphrase') };
}

/**
 * The page of main's passphrase window: no script at all and nothing it may load; every word escaped.
 * Its form is read by main as it submits (promptAnswerOf), so the window needs no preload and no IPC:
 * nothing in it can reach main but the one answer. Closing the window or Cancel answers "cancelled".
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
/* OK comes first in the form, so Enter submits the answer; it is shown last, as usual. */
.buttons { display: flex; flex-direction: row-reverse; justify-content: flex-start; gap: 8px; margin-top: 16px; }
</style></head>
<body><form id="prompt" method="get" action="${ANSWER_URL}" autocomplete="off">
<h1>${escape(title)}</h1>
<p>${escape(line)}</p>${notice}
<label for="passphrase">Passphrase</label>
<input id="passphrase" name="passphrase" type="password" autocomplete="off" spellcheck="false" maxlength="256" required autofocus>
<div class="buttons"><button type="submit">OK</button><button type="submit" name="cancel" value="1" formnovalidate>Cancel</button></div>
</form></body></html>`;
}
