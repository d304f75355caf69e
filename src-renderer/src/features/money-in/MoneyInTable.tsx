import type { MoneyInItem } from '@contract';
import { Amount } from '../../components/Money';
import { ScrollTable } from '../../components/ScrollTable';
import { TableHead, num } from '../../components/TableParts';
import { TxHash } from '../../components/TxHash';
import { openExplorer } from '../../lib/explorer';
import { networkLabel } from '../../lib/network-names';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { KIND_WORDS } from './money-in-words';

const COLUMNS = ['Received', 'Kind', num('Net credited'), num('Fee'), 'For', 'Transaction'] as const;

function forWhat(item: MoneyInItem): string {
  if (item.kind === 'wallet-deposit') return item.walletId ? `Wallet ${item.walletId}` : 'A wallet';
  return item.invoiceId ? `Invoice ${item.invoiceId}` : 'An invoice';
}

/** The fee as the webhook gave it, with what was paid; a webhook that names none is said to. */
function Fee({ item }: { item: MoneyInItem }) {
  if (item.fee === null)
    return (
      <span className="muted" data-testid="money-in-fee">
        Not in the webhook
      </span>
    );
  return (
    <span data-testid="money-in-fee" title={item.feeSource ?? undefined}>
      <Amount value={item.fee} unit={item.coin} />
      {item.paid !== null && (
        <span className="money-in-table__paid muted" data-testid="money-in-paid">
          of {item.paid} paid
        </span>
      )}
    </span>
  );
}

export function MoneyInTable({
  items,
  names,
}: {
  items: readonly MoneyInItem[];
  names: ReadonlyMap<string, string>;
}) {
  return (
    <ScrollTable
      label="Money in"
      caption="Invoice payments and wallet deposits, newest first"
      className="money-in-table"
      testId="money-in-table"
    >
      <TableHead columns={COLUMNS} />
      <tbody>
        {items.map((item) => (
          <tr key={item.key} data-testid="money-in-row" data-kind={item.kind}>
            <td>{formatZonedDateTime(item.at)}</td>
            <td>{KIND_WORDS[item.kind]}</td>
            <td className="num">
              <Amount value={item.amount} unit={item.coin} network={networkLabel(names, item.network)} />
            </td>
            <td className="num">
              <Fee item={item} />
            </td>
            <td>
              {forWhat(item)}
              {item.entryId && <span className="muted"> · journal #{item.entryId}</span>}
            </td>
            <td>
              {item.txHashes.length > 0 ? (
                item.txHashes.map((hash, index) => (
                  <TxHash
                    key={hash}
                    hash={hash}
                    explorer={item.explorer}
                    onOpen={() => openExplorer({ of: 'money-in', key: item.key, index })}
                    testId="money-in-tx"
                  />
                ))
              ) : (
                <span className="muted">Not in the webhook</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
