import type { MoneyInItem } from '@contract';
import { CopyButton } from '../../components/CopyButton';
import { Amount } from '../../components/Money';
import { ScrollTable } from '../../components/ScrollTable';
import { TableHead, num } from '../../components/TableParts';
import { networkLabel } from '../../lib/network-names';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { KIND_WORDS } from './money-in-words';

const COLUMNS = ['Received', 'Kind', num('Amount'), 'For', 'Transaction'] as const;

/** A hash is long and checked by its ends: the first and last 8 shown, the whole in the tooltip and the copy. */
const shortHash = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash);

function forWhat(item: MoneyInItem): string {
  if (item.kind === 'wallet-deposit') return item.walletId ? `Wallet ${item.walletId}` : 'A wallet';
  return item.invoiceId ? `Invoice ${item.invoiceId}` : 'An invoice';
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
            <td>
              {forWhat(item)}
              {item.entryId && <span className="muted"> · journal #{item.entryId}</span>}
            </td>
            <td>
              {item.txHash ? (
                <span className="money-in-table__tx">
                  <code title={item.txHash} data-testid="money-in-tx">
                    {shortHash(item.txHash)}
                  </code>
                  <CopyButton text={item.txHash} what="transaction hash" />
                </span>
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
