// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Profile } from '@contract';
import { EnvironmentNote } from '@renderer/features/settings/EnvironmentNote';

afterEach(cleanup);

const profile = (over: Partial<Profile>): Profile =>
  ({
    id: 'sandbox',
    name: 'Sandbox',
    environment: 'sandbox',
    baseUrl: 'embedded',
    merchantId: 'm1',
    signing: 'timestamped',
    pollIntervalMs: 5_000,
    ...over,
  }) as Profile;

describe("issue 26 item 6: a profile card's environment note", () => {
  it('says play money for the built-in Sandbox', () => {
    const { getByTestId } = render(<EnvironmentNote profile={profile({})} />);
    expect(getByTestId('env-note').textContent).toMatch(/play money/);
  });

  it('does not say play money for a profile someone labelled sandbox', () => {
    const labelled = profile({ id: 'acme-test', name: 'Acme test', baseUrl: 'https://api.acme.example' });
    const { getByTestId } = render(<EnvironmentNote profile={labelled} />);
    const note = getByTestId('env-note');
    expect(note.textContent).not.toMatch(/play money|nothing done with this profile moves real funds/i);
    expect(note.textContent).toMatch(/not the built-in Sandbox/);
  });
});
