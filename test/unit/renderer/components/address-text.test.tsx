// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressText } from '@renderer/components/AddressText';

const realClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
afterEach(() => {
  cleanup();
  if (realClipboard) Object.defineProperty(navigator, 'clipboard', realClipboard);
});

const TRON = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

describe('AddressText', () => {
  it('shows the address in groups of four whose text is the exact address, with no typed spaces', () => {
    render(<AddressText address={TRON} />);
    const groups = screen.getByTestId('address-groups');
    // What a person's selection copies: the characters alone, the gaps being CSS margins.
    expect(groups.textContent).toBe(TRON);
    const shown = Array.from(groups.querySelectorAll('.address-text__group'), (g) => g.textContent);
    expect(shown).toEqual(['TNPe', 'eaaF', 'B7K9', 'cmo4', 'uQpc', 'U32z', 'GK8G', '1NYq', 'eL']);
    // A line may break between groups and only there.
    expect(groups.querySelectorAll('wbr')).toHaveLength(shown.length - 1);
  });

  it.each([
    [6, 'TNPeea', '1NYqeL'],
    [4, 'TNPe', 'YqeL'],
  ] as const)('emphasises the first and last %i characters', (emphasis, first, last) => {
    render(<AddressText address={TRON} emphasis={emphasis} />);
    const strong = Array.from(
      screen.getByTestId('address-groups').querySelectorAll('b'),
      (b) => b.textContent,
    );
    expect(strong.join('')).toBe(first + last);
    expect(strong.join('')).toHaveLength(emphasis * 2);
  });

  it('gives screen readers the whole address once, under its label, and hides the grouped copy', () => {
    const { container } = render(<AddressText address={TRON} label="Deposit address" />);
    expect(screen.getByTestId('address-groups').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText(`Deposit address: ${TRON}`)).toBeTruthy();
    expect(container.querySelector('.address-text__groups')?.getAttribute('dir')).toBe('ltr');
  });

  it('copies the original string through its copy button', async () => {
    const write = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: write } });
    render(<AddressText address={TRON} label="Deposit address" copyable />);
    const button = screen.getByRole('button', { name: 'Copy deposit address' });
    await act(async () => void fireEvent.click(button));
    expect(write).toHaveBeenCalledExactlyOnceWith(TRON);
    expect(screen.getByRole('status').textContent).toBe('Deposit address copied.');
  });

  it('has no copy button unless asked', () => {
    render(<AddressText address={TRON} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps a short address whole and every character counted once', () => {
    render(<AddressText address="abc" emphasis={4} />);
    expect(screen.getByTestId('address-groups').textContent).toBe('abc');
  });
});
