import type { JournalEntry } from '@contract';
import { describeSend, earlierSends } from './near-duplicates';
import { liveState } from './withdrawal-words';

/**
 * On the form, before Review: what already went (or may have gone) to this address on this pair. After
 * an unknown outcome the form keeps what was typed, so without this it reads as an invitation to send
 * the same thing again.
 */
export function EarlierSends({
  entries,
  coin,
  network,
  address,
}: {
  entries: readonly JournalEntry[] | null;
  coin: string;
  network: string;
  address: string;
}) {
  const earlier = earlierSends(entries, { coin, network, address }, Date.now());
  if (earlier.length === 0) return null;
  const unknown = earlier.some((e) => liveState(e) === 'unknown');
  return (
    <div className="notice notice--warn" role="status" data-testid="withdrawal-earlier-sends">
      <p className="notice__title">
        {unknown
          ? 'A withdrawal to this address may already have been made: do not send it again until it is checked.'
          : 'Already sent to this address:'}
      </p>
      <ul>
        {earlier.map((e) => (
          <li key={e.id}>
            {describeSend(e)}, entry #{e.id}
          </li>
        ))}
      </ul>
      {unknown && (
        <p>Its outcome is unknown: check it in the Journal (its webhooks, the balances) before sending.</p>
      )}
    </div>
  );
}
