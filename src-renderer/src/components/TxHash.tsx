import { useState } from 'react';
import type { ExplorerState } from '@contract';
import type { ExplorerAnswer } from '../lib/explorer';
import { CopyButton } from './CopyButton';
import './tx-hash.css';

const NO_LINK: Record<Exclude<ExplorerState, 'link' | 'no-hash'>, string> = {
  sandbox: 'Sandbox: on no chain',
  'unknown-network': 'No explorer known for this network',
  'unreadable-hash': 'Not shaped like a transaction of this network',
};

/** A hash is long and checked by its ends: the first and last 8 shown, the whole in the tooltip and the copy. */
const shortHash = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash);

/**
 * A transaction hash to copy, and a button that asks main to open it in a block explorer. The page
 * never names the URL: main builds it from its own table, and says here whether it can (`explorer`).
 */
export function TxHash({
  hash,
  explorer,
  onOpen,
  testId = 'tx-hash',
}: {
  hash: string;
  explorer: ExplorerState;
  onOpen: () => Promise<ExplorerAnswer>;
  testId?: string;
}) {
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    const result = await onOpen();
    setBusy(false);
    setAnswer(
      'error' in result
        ? result.error
        : result.opened
          ? `Opened on ${result.host} in your browser.`
          : (result.reason ?? 'Nothing was opened.'),
    );
  };
  return (
    <span className="tx-hash" data-testid={testId} data-explorer={explorer}>
      <code title={hash} data-testid={`${testId}-text`}>
        {shortHash(hash)}
      </code>
      <CopyButton text={hash} what="transaction hash" />
      {explorer === 'link' ? (
        <button
          type="button"
          className="button button--small"
          onClick={() => void open()}
          disabled={busy}
          data-testid={`${testId}-explorer`}
        >
          Explorer<span className="visually-hidden"> (opens the transaction in your browser)</span>
        </button>
      ) : (
        explorer !== 'no-hash' && <span className="muted tx-hash__note">{NO_LINK[explorer]}</span>
      )}
      {answer && (
        <span role="status" className="tx-hash__answer" data-testid={`${testId}-answer`}>
          {answer}
        </span>
      )}
    </span>
  );
}
