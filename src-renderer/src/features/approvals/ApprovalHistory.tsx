import { useState } from 'react';
import type { ApprovalQueueItem } from '@contract';
import { EntryWhoView } from '../../components/EntryWhoView';
import { useEntryWho } from '../../lib/use-entry-who';

function Asked({ item }: { item: ApprovalQueueItem }) {
  // Asked again when the revision or the approvals change (the queue was read again).
  const { who, failed } = useEntryWho({ id: item.id }, true, `${item.revision}:${item.approvals.length}`);
  return <EntryWhoView headingId={`approval-history-${item.id}`} who={who} failed={failed} />;
}

/**
 * A waiting withdrawal's timeline so far (drafted, submitted, approved by whom), the same one its
 * Journal entry shows once a desk sends it (issue 28 item 4). Asked only when opened.
 */
export function ApprovalHistory({ item }: { item: ApprovalQueueItem }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="approval__history"
      data-testid={`approval-history-${item.id}`}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>History</summary>
      {open && <Asked item={item} />}
    </details>
  );
}
