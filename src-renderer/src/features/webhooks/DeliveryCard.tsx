import type { MismatchDetail, WebhookDelivery } from '@contract';
import { Badge } from '../../components/Badge';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { deliveryStatus, idPairs, journalEffect, journalLink, SOURCE_WORDS } from './delivery-words';
import { formatCount } from '../../lib/humanize';

/**
 * Why a signature did not match: the bytes the desk verified over, exactly as received, and whether
 * the service's encoding of the same JSON differs. The expected signature is never shown.
 */
function MismatchView({ mismatch }: { mismatch: MismatchDetail }) {
  const differs = mismatch.reencodingDiffers;
  return (
    <div className="delivery__mismatch" data-testid="delivery-mismatch">
      <p>
        <strong>Why it did not match: </strong>
        {mismatch.matchesReencoded ? (
          <>
            the signature fits this body as the service encodes it, not as it was pasted, so it was re-encoded
            after it was signed (for example <code>https://</code> where the service wrote{' '}
            <code>https:\/\/</code>). Use the exact bytes received.
          </>
        ) : differs === null ? (
          'the body is not JSON the desk can re-encode, so only the bytes as received could be checked: the key or the bytes differ from what was signed.'
        ) : differs ? (
          're-encoding changes this body (slashes or non-ASCII characters are written differently), and the signature fits neither form: check the key, then the bytes.'
        ) : (
          're-encoding does not change this body, so it arrived as the service writes it: the signature was made with another key, or for another body.'
        )}
      </p>
      <p className="muted" data-testid="delivery-reencoding">
        Re-encoding changed the body: {differs === null ? 'cannot tell' : differs ? 'yes' : 'no'}
      </p>
      <details>
        <summary>
          Bytes verified ({formatCount(mismatch.byteLength)} bytes
          {mismatch.truncated ? ', start shown' : ''})
        </summary>
        <pre
          className="delivery__bytes"
          data-testid="delivery-bytes"
          tabIndex={0}
          aria-label="Bytes verified"
        >
          {mismatch.bytes}
        </pre>
        {mismatch.reencoded && (
          <>
            <p className="muted">The same JSON as the service encodes it:</p>
            <pre
              className="delivery__bytes"
              tabIndex={0}
              aria-label="The same JSON as the service encodes it"
            >
              {mismatch.reencoded}
            </pre>
          </>
        )}
      </details>
    </div>
  );
}

/** One delivery: verified or not and why, the event, its ids, and what it did to the journal. */
export function DeliveryCard({ delivery, as: Tag = 'li' }: { delivery: WebhookDelivery; as?: 'li' | 'div' }) {
  const status = deliveryStatus(delivery);
  const ids = idPairs(delivery.ids);
  return (
    <Tag
      className="delivery panel"
      data-testid="delivery"
      data-verified={delivery.verified}
      data-rejection={delivery.rejection ?? (delivery.duplicate ? 'duplicate' : 'none')}
    >
      <div className="delivery__head">
        <Badge tone={status.tone} testId="delivery-status">
          {status.label}
        </Badge>
        {delivery.event ? (
          <strong className="mono">{delivery.event}</strong>
        ) : (
          <span className="muted">
            {delivery.verified
              ? 'No event name in the body'
              : 'Event not read: unverified bodies are not opened'}
          </span>
        )}
        <span className="muted">
          {SOURCE_WORDS[delivery.source]} · {formatZonedDateTime(delivery.receivedAt)}
        </span>
      </div>
      {ids.length > 0 && (
        <dl className="kv kv--inline delivery__ids">
          {ids.map(({ label, value }) => (
            <div className="kv__pair" key={label}>
              <dt>{label}</dt>
              <dd className="mono">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p data-testid="delivery-effect">
        {journalEffect(delivery)}{' '}
        {delivery.appliedTo && (
          <a href={journalLink(delivery.appliedTo)} data-testid="delivery-journal-link">
            Open entry {delivery.appliedTo} in the Journal
          </a>
        )}
      </p>
      {delivery.mismatch && <MismatchView mismatch={delivery.mismatch} />}
    </Tag>
  );
}
