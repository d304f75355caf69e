// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_FAILED, CopyButton } from '@renderer/components/CopyButton';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const realClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  if (realClipboard) Object.defineProperty(navigator, 'clipboard', realClipboard);
});

const button = () => screen.getByRole('button');
const status = () => screen.getByRole('status');
const click = () => act(async () => void fireEvent.click(button()));

describe('CopyButton', () => {
  it('is named for what it copies and is a real button', () => {
    render(<CopyButton text={ADDRESS} what="deposit address" />);
    expect(button().textContent).toBe('Copy deposit address');
    expect(button().getAttribute('type')).toBe('button');
    expect(status().textContent).toBe('');
  });

  it('copies the exact string with the browser clipboard, says Copied and announces it once', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    render(<CopyButton text={ADDRESS} what="deposit address" />);
    await click();
    expect(writeText).toHaveBeenCalledExactlyOnceWith(ADDRESS);
    expect(button().textContent).toBe('Copied deposit address');
    expect(status().textContent).toBe('Deposit address copied.');
    expect(status().getAttribute('class')).toBe('visually-hidden');
  });

  it('goes back to "Copy" after the confirmation time', async () => {
    render(<CopyButton text={ADDRESS} what="address" write={() => Promise.resolve()} confirmMs={3000} />);
    await click();
    act(() => vi.advanceTimersByTime(2999));
    expect(button().textContent).toBe('Copied address');
    act(() => vi.advanceTimersByTime(1));
    expect(button().textContent).toBe('Copy address');
    expect(status().textContent).toBe('');
  });

  it('says in plain words, visibly, when the clipboard refuses', async () => {
    stubClipboard(() => Promise.reject(new DOMException('Write permission denied', 'NotAllowedError')));
    render(<CopyButton text={ADDRESS} what="address" />);
    await click();
    expect(status().textContent).toBe(COPY_FAILED);
    expect(status().getAttribute('class')).toBe('copy-button__failed');
    expect(button().textContent).toBe('Copy address');
  });

  it('treats a page without a clipboard as a refusal, not a crash', async () => {
    stubClipboard(undefined);
    render(<CopyButton text={ADDRESS} what="address" />);
    await click();
    expect(status().textContent).toBe(COPY_FAILED);
  });

  it('writes once for a double click while the first write is still pending', async () => {
    let finish = () => {};
    const write = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<CopyButton text={ADDRESS} what="address" write={write} />);
    await click();
    await click();
    await act(async () => finish());
    expect(write).toHaveBeenCalledTimes(1);
    expect(button().textContent).toBe('Copied address');
  });

  it('does not claim a new string was copied when the text changes under it', async () => {
    const { rerender } = render(<CopyButton text={ADDRESS} what="address" write={() => Promise.resolve()} />);
    await click();
    rerender(<CopyButton text="TXYZ" what="address" write={() => Promise.resolve()} />);
    expect(button().textContent).toBe('Copy address');
    expect(status().textContent).toBe('');
  });
});
