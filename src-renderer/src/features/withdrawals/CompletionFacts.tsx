import type { WithdrawalCompletion } from '@contract';
import { Amount } from '../../components/Money';
import { TxHash } from '../../components/TxHash';
import { openExplorer } from '../../lib/explorer';

/** A figure the webhook gave, or that it did not. */
const figure = (value: string | null, unit: string) =>
  value === null ? <span className="muted">not in the webhook</span> : <Amount value={value} unit={unit} />;

/**
 * What the service's final webhook said of a settled withdrawal: the fees (and who paid them), the
 * total debited from the balance, what the recipient gets, and the transaction.
 */
export function CompletionFacts({ completion, coin }: { completion: WithdrawalCompletion; coin: string }) {
  const { fees } = completion;
  const failed = completion.event === 'withdrawal.failed';
  return (
    <dl className="withdrawal-completion" data-testid="withdrawal-completion">
      {!failed && (
        <>
          <dt>Total debit</dt>
          <dd data-testid="withdrawal-debit">{figure(completion.debit, coin)}</dd>
          <dt>Fees</dt>
          <dd data-testid="withdrawal-fees">
            {figure(fees.total, coin)}
            {(fees.network !== null || fees.service !== null) && (
              <span className="muted">
                {' '}
                (network {fees.network ?? '?'} + service {fees.service ?? '?'}
                {fees.payer ? `, paid by the ${fees.payer}` : ''})
              </span>
            )}
          </dd>
          <dt>Recipient gets</dt>
          <dd>{figure(completion.receive, coin)}</dd>
        </>
      )}
      {failed && completion.failureReason && (
        <>
          <dt>Why it failed</dt>
          <dd>{completion.failureReason}</dd>
        </>
      )}
      <dt>Transaction</dt>
      <dd>
        {completion.txHash ? (
          <TxHash
            hash={completion.txHash}
            explorer={completion.explorer}
            onOpen={() => openExplorer({ of: 'withdrawal', entryId: completion.entryId })}
            testId="withdrawal-tx"
          />
        ) : (
          <span className="muted">not in the webhook</span>
        )}
      </dd>
    </dl>
  );
}
