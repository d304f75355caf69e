import { useId, useState } from 'react';
import type { ReconItem } from '@contract';
import { Badge } from '../../components/Badge';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { useReconcileStore } from './reconcile-store';
import { bindValue } from '../../components/forms/bind';
import { BusyButton } from '../../components/forms/SubmitButton';

const KIND_WORDS: Record<ReconItem['kind'], string> = {
  difference: 'Difference',
  'coverage-gap': 'Not observed',
  'unknown-entry': 'Outcome unknown',
  'withdrawal-in-flight': 'Withdrawal in flight',
  'outside-activity': 'Outside this desk',
  'rejected-deliveries': 'Rejected webhooks',
};

/** Order ID, event ID and time: what tells this item from another like it. */
function ItemRef({ item }: { item: ReconItem }) {
  const ref = item.ref;
  if (!ref || (!ref.orderId && !ref.eventId && !ref.at)) return null;
  return (
    <p className="recon-item__ref" data-testid="recon-item-ref">
      {ref.orderId && (
        <span>
          Order ID <code>{ref.orderId}</code>
        </span>
      )}
      {ref.eventId && (
        <span>
          Event ID <code>{ref.eventId}</code>
        </span>
      )}
      {ref.at && <span>{formatZonedDateTime(ref.at)}</span>}
    </p>
  );
}

function ReviewForm({ item, open }: { item: ReconItem; open: boolean }) {
  const review = useReconcileStore((s) => s.review);
  const busy = useReconcileStore((s) => s.busy === 'review');
  const [note, setNote] = useState('');
  const [name, setName] = useState('');
  const id = useId();
  if (!open) return null;
  return (
    <form
      className="recon-review"
      onSubmit={(e) => {
        e.preventDefault();
        void review(item.key, note, name).then((ok) => ok && setNote(''));
      }}
    >
      <label htmlFor={`${id}-note`}>
        {item.kind === 'coverage-gap'
          ? 'Reason (recorded with the gap as an exception)'
          : 'Note (what you checked)'}
      </label>
      <input id={`${id}-note`} {...bindValue(note, setNote)} data-testid="recon-review-note" />
      <label htmlFor={`${id}-name`}>Your name</label>
      <input id={`${id}-name`} {...bindValue(name, setName)} data-testid="recon-review-name" />
      <BusyButton className="button" busy={busy} testId="recon-review-submit">
        {item.kind === 'outside-activity'
          ? 'Acknowledge'
          : item.kind === 'coverage-gap'
            ? 'Record as an exception'
            : 'Mark reviewed'}
      </BusyButton>
    </form>
  );
}

/** What stops a clean close, one row per cause, each with its review (who, when, why). */
export function OpenItems({ items, open }: { items: ReconItem[]; open: boolean }) {
  if (items.length === 0)
    return (
      <p className="muted" data-testid="recon-no-items">
        No open items: nothing unknown, nothing in flight, no unexplained webhook.
      </p>
    );
  return (
    <ul className="recon-items" data-testid="recon-items">
      {items.map((item) => (
        <li
          key={item.key}
          className="recon-item"
          data-testid="recon-item"
          data-kind={item.kind}
          data-blocking={item.blocking}
        >
          <p className="recon-item__title">
            <Badge tone={item.blocking ? 'warn' : 'good'}>
              {item.blocking ? KIND_WORDS[item.kind] : 'Reviewed'}
            </Badge>{' '}
            {item.title}
          </p>
          <ItemRef item={item} />
          <p className="muted">{item.detail}</p>
          {item.entryId !== null && (
            <p>
              <a href={`#/journal?entry=${item.entryId}`}>Open journal entry #{item.entryId}</a>
            </p>
          )}
          {item.review && (
            <p className="recon-item__review" data-testid="recon-item-review">
              Reviewed by {item.review.by}, {formatZonedDateTime(item.review.at)}: “{item.review.note}”
            </p>
          )}
          <ReviewForm item={item} open={open && !item.review} />
        </li>
      ))}
    </ul>
  );
}
