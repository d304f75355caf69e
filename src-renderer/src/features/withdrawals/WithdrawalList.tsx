import type { JournalEntry, WithdrawalCompletion } from '@contract';
import { AddressText } from '../../components/AddressText';
import { Badge } from '../../components/Badge';
import { EmptyState } from '../../components/StateViews';
import { Amount } from '../../components/Money';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { useRecordsFrom } from '../../stores/use-records-from';
import { useRefusedWrite } from '../../stores/use-refused-write';
import { CompletionFacts } from './CompletionFacts';
import { useCompletions } from './use-completions';
import { WithdrawalWho } from './WithdrawalWho';
import { entryFacts, liveState, STATE_WORDS } from './withdrawal-words';

type Names = ReadonlyMap<string, string>;

function WithdrawalRow({
  entry,
  names,
  completion,
}: {
  entry: JournalEntry;
  names: Names;
  completion: WithdrawalCompletion | undefined;
}) {
  const facts = entryFacts(entry);
  const state = liveState(entry);
  const words = STATE_WORDS[state];
  const coin = facts.coin.toUpperCase();
  const network = names.get(facts.network) ?? facts.network.toUpperCase();
  return (
    <li
      className={`withdrawal-row panel withdrawal-row--${state}`}
      data-testid="withdrawal-row"
      data-state={state}
      data-entry={entry.id}
    >
      <div className="withdrawal-row__head">
        <strong className="withdrawal-row__amount">
          <Amount value={facts.amount} unit={coin} network={network} />
        </strong>
        <Badge tone={words.tone} testId="withdrawal-state">
          {words.text}
        </Badge>
        <span className="withdrawal-row__meaning">{words.meaning}</span>
      </div>
      <div className="withdrawal-row__to">
        <span className="muted">To </span>
        <AddressText address={facts.address} emphasis={4} label="Recipient address" />
      </div>
      <p className="withdrawal-row__meta muted">
        Sent {formatZonedDateTime(entry.createdAt)} · Journal entry {entry.id}
        {facts.withdrawalId ? ` · withdrawal id ${facts.withdrawalId}` : ''}
        {typeof entry.fields.overrideReason === 'string'
          ? ` · sent despite a match: “${entry.fields.overrideReason}”`
          : ''}
      </p>
      {completion && <CompletionFacts completion={completion} coin={coin} />}
      <WithdrawalWho entry={entry} />
    </li>
  );
}

/**
 * Every withdrawal sent from this desk (on a team, from the team's desks) under the active profile,
 * newest first, each with its live state; the list follows the journal as webhooks move them. Rows
 * keep their order: a state change updates a row in place, and only a new send (made here) adds one
 * at the top.
 */
export function WithdrawalList({ entries, names }: { entries: readonly JournalEntry[]; names: Names }) {
  const completions = useCompletions(entries);
  const from = useRecordsFrom();
  const offered = useRefusedWrite('withdrawals') === null;
  if (entries.length === 0)
    return (
      <EmptyState title={`No withdrawals sent ${from} yet.`}>
        <p>
          {offered
            ? 'Send one above; it is listed here with its state as the service reports it.'
            : 'Those the team sends are listed here with their state as the service reports it.'}
        </p>
      </EmptyState>
    );
  return (
    <ol className="withdrawal-list" data-testid="withdrawal-list">
      {entries.map((entry) => (
        <WithdrawalRow key={entry.id} entry={entry} names={names} completion={completions.get(entry.id)} />
      ))}
    </ol>
  );
}
