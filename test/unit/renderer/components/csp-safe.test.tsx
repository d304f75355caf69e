// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { AddressText } from '@renderer/components/AddressText';
import { Countdown } from '@renderer/components/Countdown';
import { EnvironmentNote } from '@renderer/components/EnvironmentNote';
import { PayInstruction } from '@renderer/components/PayInstruction';
import { QrCode, QrImage } from '@renderer/components/QrCode';

afterEach(cleanup);

/**
 * The renderer's CSP has style-src 'self' without 'unsafe-inline': a style attribute written into the
 * markup or a <style> element would be dropped in the app, silently. Every money surface must do
 * without them (React's style prop goes through the CSSOM and would pass, but none is needed here).
 */
it('no money-surface component writes a style attribute or a style element', () => {
  const { container } = render(
    <>
      <QrCode payload="TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL" what="the address" environment="sandbox" />
      <QrImage image={{ contentType: 'image/png', base64: 'iVBORw0KGgo=' }} what="x" environment="live" />
      <AddressText address="TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL" copyable />
      <Countdown until="2030-01-01T00:00:00Z" />
      <PayInstruction coin="USDT" network="TRON (TRC-20)" amount="25.000000" />
      <EnvironmentNote
        environment="live"
        builtInSandbox={false}
        profileName="Acme EU"
        merchantId="4f2a8c1e-77d0-4b3b-9c1d"
      />
    </>,
  );
  expect(container.querySelectorAll('[style], style')).toHaveLength(0);
  expect(container.querySelectorAll('svg, img, time, button').length).toBeGreaterThanOrEqual(4);
});
