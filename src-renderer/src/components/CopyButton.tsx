import { useEffect, useRef, useState } from 'react';
import './money-surfaces.css';

type CopyState = 'idle' | 'copied' | 'failed';

export const COPY_FAILED = 'Copy failed — select the text and copy it by hand.';

interface CopyButtonProps {
  /** Exactly what lands on the clipboard: never reformatted, never grouped. */
  text: string;
  /** What is copied, for the button's name and the announcement: "address" → "Copy address". */
  what: string;
  /** How long "Copied" stays, in milliseconds. */
  confirmMs?: number;
  /** The clipboard writer; defaults to the browser's asynchronous clipboard. */
  write?: (text: string) => Promise<void>;
}

function browserWrite(text: string): Promise<void> {
  // Missing outside a secure context or when the page may not use the clipboard: a refusal like any other.
  if (!navigator.clipboard?.writeText) return Promise.reject(new Error('No clipboard access'));
  return navigator.clipboard.writeText(text);
}

/**
 * Copies an exact string. "Copied" shows for a few seconds and is announced once, politely; a refused
 * clipboard says so in words and leaves the text on screen to copy by hand.
 */
export function CopyButton({ text, what, confirmMs = 3000, write = browserWrite }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<{ state: CopyState; text: string }>({ state: 'idle', text });
  const busy = useRef(false);
  // An outcome belongs to the string it was for: after the text changes, a stale "Copied" would lie.
  const state = outcome.text === text ? outcome.state : 'idle';

  useEffect(() => {
    if (outcome.state !== 'copied') return;
    const timer = setTimeout(() => setOutcome({ state: 'idle', text: outcome.text }), confirmMs);
    return () => clearTimeout(timer);
  }, [outcome, confirmMs]);

  const copy = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      await write(text);
      setOutcome({ state: 'copied', text });
    } catch {
      setOutcome({ state: 'failed', text });
    } finally {
      busy.current = false;
    }
  };

  return (
    <span className="copy-button">
      <button type="button" className="copy-button__button" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> {what}</span>
      </button>
      <span
        role="status"
        className={state === 'failed' ? 'copy-button__failed' : 'visually-hidden'}
        data-testid="copy-status"
      >
        {state === 'copied' ? `${capitalise(what)} copied.` : state === 'failed' ? COPY_FAILED : ''}
      </span>
    </span>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
