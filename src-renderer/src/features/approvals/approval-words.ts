import type { ApprovalQueueItem } from '@contract';

/** "1 of 2 approvals": what counts for this revision against what the policy requires. */
export function countWords(item: Pick<ApprovalQueueItem, 'counted' | 'required'>): string {
  return `${item.counted} of ${item.required} approval${item.required === 1 ? '' : 's'}`;
}

/** Whose approvals count: the named groups, or any approver. */
export function groupWords(groups: readonly string[]): string {
  return groups.length === 0
    ? 'from any approver'
    : `from ${groups.length === 1 ? 'the group' : 'the groups'} ${groups.join(', ')}`;
}
