import { describe, expect, it } from 'vitest';
import { passphrasePage, promptAnswerOf } from '@main/security/user-check/prompt-page';

describe('main’s passphrase window page', () => {
  it('says what the check is for, escapes every word, and has no script or remote content', () => {
    const page = passphrasePage({
      mode: 'check',
      reason: 'send <b>a</b> "live" withdrawal',
      notice: '3 tries left <script>',
    });
    expect(page).toContain(
      'Type the desk passphrase to send &lt;b&gt;a&lt;/b&gt; &quot;live&quot; withdrawal.',
    );
    expect(page).toContain('3 tries left &lt;script&gt;');
    expect(page).not.toMatch(/<script|<b>|src=|href=|\son[a-z]+=/i);
    expect(page).toContain(`default-src 'none'`);
    expect(page).toMatch(/<input id="passphrase" name="passphrase" type="password"/);
    // Enter submits the first submit button of the form: the answer, never Cancel.
    expect(page.indexOf('>OK</button>')).toBeLessThan(page.indexOf('>Cancel</button>'));
  });

  it('reads the answer from the form’s own submission, as the browser encodes it', () => {
    const action = /action="([^"]+)"/.exec(passphrasePage({ mode: 'new', reason: 'x' }))![1]!;
    const submitted = (query: string) => promptAnswerOf(`${action}?${query}`);
    expect(submitted('passphrase=the+blue+ledger+%26+%C3%A9%3D1')).toEqual({
      answered: true,
      value: 'the blue ledger & é=1',
    });
    expect(submitted('passphrase=typed&cancel=1')).toEqual({ answered: true, value: null });
  });

  it('takes no other address for an answer', () => {
    for (const url of [
      'https://passphrase-prompt.invalid/other?passphrase=x',
      'https://evil.example/answer?passphrase=x',
      'http://passphrase-prompt.invalid/answer?passphrase=x',
      'data:text/html,hello',
      'not a url',
    ])
      expect(promptAnswerOf(url)).toEqual({ answered: false });
  });
});
