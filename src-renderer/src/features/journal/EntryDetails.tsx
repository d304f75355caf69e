import { useEffect, useRef } from 'react';
import type { JournalEntryDetails } from '@contract';
import { Badge } from '../../components/Badge';
import { CopyButton } from '../../components/CopyButton';
import { ErrorNotice, LoadingSkeleton, NOTHING_SENT } from '../../components/StateViews';
import { countOf, humanizeKey } from '../../lib/humanize';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { eventWords, OPERATION_WORDS, shortHash, stateWordsOf, timeToSecond } from './journal-words';
import { useJournalStore } from './journal-store';
import { EntryAnswer } from './EntryAnswer';
import { ResolvePanel } from './ResolvePanel';
import { EntryWho } from './EntryWho';

function Timeline({ details }: { details: JournalEntryDetails }) {
  return (
    <ol className="journal-timeline" data-testid="journal-timeline">
      {details.timeline.map((event) => {
        const words = eventWords(event);
        return (
          <li key={event.seq} data-type={event.type}>
            <time dateTime={event.at} title={event.at}>
              {timeToSecond(event.at)}
            </time>
            <p className="journal-timeline__title">{words.title}</p>
            {words.detail && <p className="journal-timeline__detail">{words.detail}</p>}
          </li>
        );
      })}
    </ol>
  );
}

function ChainLine({ chain }: { chain: JournalEntryDetails['chain'] }) {
  const select = useJournalStore((s) => s.select);
  if (chain.ok)
    return (
      <p className="journal-chain journal-chain--ok" data-testid="journal-entry-chain">
        <span aria-hidden="true">✓ </span>Chain verified up to this entry · {countOf(chain.events, 'event')} ·
        head <code title={chain.head ?? undefined}>{shortHash(chain.head ?? '')}</code>
      </p>
    );
  return (
    <div className="notice notice--error" data-testid="journal-entry-chain">
      <p className="notice__title">The chain does not verify up to this entry.</p>
      <p>{chain.reason}</p>
      {chain.brokenEntry && (
        <button type="button" className="button" onClick={() => void select(chain.brokenEntry)}>
          Open entry #{chain.brokenEntry}, where it breaks
        </button>
      )}
    </div>
  );
}

function Pairs({ values }: { values: Record<string, unknown> }) {
  const entries = Object.entries(values);
  if (entries.length === 0) return <p className="muted">None.</p>;
  return (
    <dl className="journal-fields">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{humanizeKey(key)}</dt>
          <dd className="mono">{String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Body({ details }: { details: JournalEntryDetails }) {
  const { entry } = details;
  const state = stateWordsOf(entry);
  return (
    <>
      <div className="journal-details__head">
        <Badge tone={state.tone}>{state.text}</Badge>
        <span className={`journal-env journal-env--${entry.environment}`}>
          {entry.environment === 'live' ? 'LIVE' : 'SANDBOX'}
        </span>
        <span className="muted">Recorded {formatZonedDateTime(entry.createdAt)}</span>
      </div>
      {(entry.damage?.length ?? 0) > 0 && (
        <div className="notice notice--error" data-testid="journal-entry-damage">
          <p className="notice__title">This row is damaged.</p>
          <ul>
            {entry.damage!.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
      )}
      {entry.state === 'unknown' && <ResolvePanel key={entry.id} details={details} />}
      <EntryWho id={entry.id} version={entry.updatedAt} />
      <h3>History</h3>
      <Timeline details={details} />
      <ChainLine chain={details.chain} />
      <h3>Request</h3>
      <Pairs values={{ ...entry.fields, ...entry.externalIds }} />
      <h4>Body as signed and sent</h4>
      <p className="muted">
        Exactly these bytes were signed. The API key and the signature are never stored.
      </p>
      <pre
        className="journal-body"
        tabIndex={0}
        aria-label="Request body as signed"
        data-testid="journal-signed-body"
      >
        {details.requestBody}
      </pre>
      <CopyButton text={details.requestBody} what="request body" />
      <EntryAnswer entry={entry} />
    </>
  );
}

/** The selected entry: request, signed body, answer or error, history, chain, and a decision if unknown. */
export function EntryDetails() {
  const details = useJournalStore((s) => s.details);
  const select = useJournalStore((s) => s.select);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = details?.id;
  useEffect(() => {
    if (id) heading.current?.focus();
  }, [id]);
  if (!details) return null;
  const entry = details.data?.entry;
  // Back to the row it was opened from, so a keyboard user carries on where they were.
  const closeDetails = () => {
    void select(null);
    document.querySelector<HTMLButtonElement>(`tr[data-id="${CSS.escape(details.id)}"] button`)?.focus();
  };
  return (
    <aside
      className="panel journal-details"
      aria-labelledby="journal-details-title"
      data-testid="journal-details"
      onKeyDown={(e) => {
        if (e.key === 'Escape') closeDetails();
      }}
    >
      <div className="journal-details__bar">
        <h2 id="journal-details-title" ref={heading} tabIndex={-1}>
          Entry #{details.id}
          {entry ? ` · ${OPERATION_WORDS[entry.operation]}` : ''}
        </h2>
        <button type="button" className="button" onClick={closeDetails}>
          Close
        </button>
      </div>
      {details.error ? (
        <ErrorNotice title="This entry could not be opened." error={details.error} sent={NOTHING_SENT} />
      ) : details.data ? (
        <Body details={details.data} />
      ) : (
        <LoadingSkeleton rows={4} columns={2} label="Opening the entry…" />
      )}
    </aside>
  );
}
