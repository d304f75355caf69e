import { ipcRenderer } from 'electron';
import { PASSPHRASE_PROMPT_CHANNEL } from '@shared/domain/user-check';

// The preload of main's passphrase window (src-main/user-check-window.ts): its page has no script,
// so this sends the answer, once. Nothing is exposed to the page.
window.addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('prompt');
  const field = document.getElementById('passphrase');
  const cancel = document.getElementById('cancel');
  if (!(form instanceof HTMLFormElement) || !(field instanceof HTMLInputElement) || !cancel) return;
  let sent = false;
  const answer = (value: string | null) => {
    if (sent) return;
    sent = true;
    ipcRenderer.send(PASSPHRASE_PROMPT_CHANNEL, value);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    answer(field.value);
  });
  cancel.addEventListener('click', () => answer(null));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') answer(null);
  });
  field.focus();
});
