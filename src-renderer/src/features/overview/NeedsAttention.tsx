import { useEffect, type ReactNode } from 'react';
import { Amount } from '../../components/Money';
import { ErrorNotice } from '../../components/StateViews';
import { subscribe } from '../../lib/ipc';
import { networkLabel } from '../../lib/network-names';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { useAttentionStore, type Count } from './attention-store';
import { formatCount } from '../../lib/humanize';

const many = ({ n, atLeast }: Count) => `${formatCount(n)}${atLeast ? ' or more' : ''}`;

function Line({
  tone,
  testId,
  children,
  href,
  link,
}: {
  tone: 'unknown' | 'plain';
  testId: string;
  children: ReactNode;
  href: string;
  link: string;
}) {
  return (
    <li className={`attention__line attention__line--${tone}`} data-testid={testId}>
      <span>{children}</span> <a href={href}>{link}</a>
    </li>
  );
}

/**
 * What needs someone today, at a glance: unknown outcomes first (UX rule 5), then money on its way
 * out, invoices still payable and money that came in. Each line leads to the screen that acts on it.
 * Read when the Overview opens, on Refresh and whenever a journal entry changes.
 */
export function NeedsAttention({
  profileId,
  names,
  refreshKey,
}: {
  profileId: string | null;
  names: ReadonlyMap<string, string>;
  refreshKey: number;
}) {
  const data = useAttentionStore((s) => (s.profileId === profileId ? s.data : null));
  const error = useAttentionStore((s) => s.error);
  const refresh = useAttentionStore((s) => s.refresh);
  useEffect(() => {
    if (profileId) void refresh(profileId);
  }, [refresh, profileId, refreshKey]);
  useEffect(() => subscribe('journal:changed', () => void refresh(profileId)), [refresh, profileId]);

  return (
    <section className="attention" aria-labelledby="attention-title" data-testid="needs-attention">
      <h2 id="attention-title">Needs attention</h2>
      {error && !data && (
        <ErrorNotice title="What needs attention could not be read." error={error} sent="Nothing was sent." />
      )}
      {!data && !error && <p className="muted">Reading the journal…</p>}
      {data && (
        <ul className="attention__lines">
          <Line
            tone={data.unknowns > 0 ? 'unknown' : 'plain'}
            testId="attention-unknowns"
            href="#/journal"
            link="Decide in the Journal"
          >
            {data.unknowns === 0 ? (
              'No outcome is unknown.'
            ) : (
              <>
                <span aria-hidden="true">? </span>
                <strong>{formatCount(data.unknowns)}</strong>
                {data.unknowns === 1 ? ' outcome is unknown' : ' outcomes are unknown'}: do not send{' '}
                {data.unknowns === 1 ? 'it' : 'them'} again.
              </>
            )}
          </Line>
          <Line tone="plain" testId="attention-in-flight" href="#/withdrawals" link="Withdrawals">
            <strong>{many(data.inFlight)}</strong>
            {data.inFlight.n === 1 && !data.inFlight.atLeast ? ' withdrawal' : ' withdrawals'} sent and not
            yet completed.
          </Line>
          <Line tone="plain" testId="attention-open-invoices" href="#/invoices" link="Invoices">
            <strong>{many(data.openInvoices)}</strong>
            {data.openInvoices.n === 1 && !data.openInvoices.atLeast ? ' invoice' : ' invoices'} awaiting
            payment, as far as the desk has heard.
          </Line>
          <Line tone="plain" testId="attention-money-in" href="#/money-in" link="Money in">
            <strong>{formatCount(data.moneyIn.n)}</strong> received in the last 24 hours
            {data.moneyIn.newest && (
              <>
                ; the newest{' '}
                <Amount
                  value={data.moneyIn.newest.amount}
                  unit={data.moneyIn.newest.coin}
                  network={networkLabel(names, data.moneyIn.newest.network)}
                />{' '}
                at {formatZonedDateTime(data.moneyIn.newest.at)}
              </>
            )}
            .
          </Line>
        </ul>
      )}
    </section>
  );
}
