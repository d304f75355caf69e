import { describe, expect, it } from 'vitest';
import { passphrasePage } from '@main/security/user-check/prompt-page';

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
    expect(page).not.toMatch(/<script|<b>|src=|href=/i);
    expect(page).toContain(`default-src 'none'`);
    expect(page).toMatch(/<input id="passphrase" type="password"/);
  });
});
