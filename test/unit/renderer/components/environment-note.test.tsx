// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvironmentNote, shortenId } from '@renderer/components/EnvironmentNote';

afterEach(cleanup);

const visibleText = (el: Element) => {
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll('.visually-hidden').forEach((n) => n.remove());
  return copy.textContent;
};

describe('EnvironmentNote', () => {
  it('repeats LIVE, the profile and the merchant next to a live action', () => {
    const { container } = render(
      <EnvironmentNote
        environment="live"
        builtInSandbox={false}
        profileName="Acme EU"
        merchantId="4f2a8c1e-77d0-4b3b-9c1d"
      />,
    );
    const note = container.querySelector('.env-note--live');
    expect(note).not.toBeNull();
    expect(visibleText(note!)).toBe('LIVE · Acme EU · merchant 4f2a…9c1d');
    // The full id for screen readers and the tooltip; the shortened one is hidden from them.
    expect(note!.querySelector('.visually-hidden')?.textContent).toBe('merchant 4f2a8c1e-77d0-4b3b-9c1d');
    expect(note!.getAttribute('title')).toBe('merchant 4f2a8c1e-77d0-4b3b-9c1d');
    expect(container.textContent).not.toMatch(/sandbox|play money/i);
  });

  it('says play money in the Sandbox, and never LIVE', () => {
    const { container } = render(
      <EnvironmentNote environment="sandbox" builtInSandbox profileName="Sandbox" merchantId="m1" />,
    );
    expect(container.querySelector('.env-note--sandbox')?.textContent).toBe('SANDBOX · play money');
    expect(container.textContent).not.toMatch(/live/i);
  });

  it('issue 26 item 6: a profile merely labelled sandbox is not play money; it names its merchant', async () => {
    const { ProfileNote } = await import('@renderer/components/forms/FormActions');
    const labelled = { id: 'acme-test', baseUrl: 'https://api.acme.example', name: 'Acme test' };
    const { container } = render(
      <ProfileNote profile={{ ...labelled, environment: 'sandbox', merchantId: 'm1' }} />,
    );
    expect(container.textContent).not.toMatch(/play money/i);
    expect(container.textContent).toBe('SANDBOX · Acme test · merchant m1');
    cleanup();
    const builtIn = { id: 'sandbox', baseUrl: 'embedded', name: 'Sandbox', environment: 'sandbox' as const };
    const again = render(<ProfileNote profile={{ ...builtIn, merchantId: 'm1' }} />);
    expect(again.container.textContent).toBe('SANDBOX · play money');
  });

  it('shows a short merchant id whole', () => {
    const { container } = render(
      <EnvironmentNote environment="live" builtInSandbox={false} profileName="Shop" merchantId="m1" />,
    );
    expect(container.textContent).toBe('LIVE · Shop · merchant m1');
  });

  it('shortens long ids to both ends', () => {
    expect(shortenId('0123456789')).toBe('0123456789');
    expect(shortenId('0123456789a')).toBe('0123…789a');
  });
});
