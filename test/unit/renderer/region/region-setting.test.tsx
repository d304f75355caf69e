// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Amount, Usd } from '@renderer/components/Money';
import { RegionSetting } from '@renderer/shell/RegionSetting';
import { useRegionStore } from '@renderer/stores/region-store';
import { setDisplayRegion } from '@shared/money/region';
import { installDomMerchant } from '../dom-merchant';

describe('Settings → Region', () => {
  afterEach(() => {
    cleanup();
    setDisplayRegion(null);
    useRegionStore.setState({ region: null, error: null, busy: false });
  });

  it('saves the Region in main and formats amounts with it, from their decimal strings', async () => {
    let saved: unknown = null;
    const fake = installDomMerchant({
      'settings.setRegion': (request) => {
        saved = request;
        return { ok: true, data: request };
      },
    });
    render(<RegionSetting />);
    expect(screen.getByTestId('region-sample').textContent).toBe('Sample: 1,234,567.891 USDT · -$1,234.50');
    await userEvent.setup().selectOptions(screen.getByTestId('region-select'), 'de-DE');
    await waitFor(() => expect(useRegionStore.getState().region).toBe('de-DE'));
    expect(saved).toEqual({ region: 'de-DE' });
    expect(fake.calls.map((c) => c.channel)).toContain('settings.setRegion');
    cleanup();
    render(
      <p>
        <Amount value="25000.123456789012345678" unit="usdt" /> <Usd value="-1234.5" />
      </p>,
    );
    expect(screen.getByTestId('amount').textContent).toBe('25.000,123456789012345678\u00a0USDT');
    // The title keeps the value as sent, locale-neutral.
    expect(screen.getByTestId('amount').getAttribute('title')).toBe('25000.123456789012345678 USDT');
    expect(screen.getByTitle('-1234.5').textContent).toBe('-1.234,50\u00a0$');
  });

  it('a refusal leaves the Region as it was and says why', async () => {
    installDomMerchant({
      'settings.setRegion': () => ({
        ok: false,
        error: { kind: 'invalid-request', message: 'region: must be a region' },
      }),
    });
    render(<RegionSetting />);
    await userEvent.setup().selectOptions(screen.getByTestId('region-select'), 'ja-JP');
    await waitFor(() => expect(screen.getByText('The Region was not saved.')).toBeTruthy());
    expect(useRegionStore.getState().region).toBeNull();
  });
});
