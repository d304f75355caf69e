import type { TeamBookEntry, TeamDesks } from '@contract';
import { addressEnds } from '@shared/domain/address';
import type { PolicyRule } from '@shared/domain/approval-policy';
import { ruleWords } from '@shared/domain/approval-policy-words';
import type { ConfirmRequest } from './confirmer';
import { groupedAddress } from './requests';

/**
 * Main's own account of the team-wide changes of issue 28 (a policy published, a destination in the
 * team's book, a treasury desk, a group's member), built from what main read from the team's ledger,
 * never from the page's words for it.
 */

/** Publishing: every rule in main's words, in the order the ledger will apply them. */
export function publishPolicyConfirmation(draft: {
  id: string;
  rules: PolicyRule[];
  draftedBy: string;
  nextVersion: number;
}): ConfirmRequest {
  return {
    title: `Publish the approval policy as version ${draft.nextVersion}?`,
    lines: [
      `Draft #${draft.id}, saved by ${draft.draftedBy}. The first rule that matches a withdrawal decides:`,
      ...draft.rules.map((rule, i) => ruleWords(rule, i)),
      'A withdrawal that no rule matches is blocked.',
      'From now on every withdrawal the team submits is judged by this version, and no desk can send under an older one. Publishing is recorded in the team’s ledger under your name.',
    ],
    confirmLabel: `Publish version ${draft.nextVersion}`,
  };
}

function bookLines(entry: Pick<TeamBookEntry, 'label' | 'coin' | 'network' | 'address'>): string[] {
  const ends = addressEnds(entry.address);
  return [
    `Name: ${entry.label}`,
    `Pair: ${entry.coin.toUpperCase()} on ${entry.network.toUpperCase()}`,
    `Address: ${groupedAddress(entry.address)}`,
    `Check both ends: it starts ${ends.start} and ends ${ends.end}`,
  ];
}

export function proposeAddressConfirmation(
  entry: Pick<TeamBookEntry, 'label' | 'coin' | 'network' | 'address'>,
): ConfirmRequest {
  return {
    title: `Propose “${entry.label}” for the team’s address book?`,
    lines: [
      ...bookLines(entry),
      'It counts as a book address only once an approver other than you approves it. Compare the whole address with its source before you propose it.',
    ],
    confirmLabel: 'Propose the address',
  };
}

export function approveAddressConfirmation(entry: TeamBookEntry): ConfirmRequest {
  return {
    title: `Approve “${entry.label}” for the team’s address book?`,
    lines: [
      ...bookLines(entry),
      `Proposed by ${entry.addedBy} at ${entry.addedAt}`,
      'Once approved, withdrawals to it count as going to a book address in the team’s policy. Your approval is recorded under your name.',
    ],
    confirmLabel: 'Approve the address',
  };
}

export function removeAddressConfirmation(entry: TeamBookEntry, reason: string): ConfirmRequest {
  return {
    title: `Remove “${entry.label}” from the team’s address book?`,
    lines: [
      ...bookLines(entry),
      `Reason, as the team will see it: ${reason}`,
      'Withdrawals to this address count as going to a new address again.',
    ],
    confirmLabel: 'Remove the address',
  };
}

type Desk = TeamDesks['desks'][number];

export function treasuryDeskConfirmation(desk: Desk, holdsKey: boolean, othersNamed: number): ConfirmRequest {
  return holdsKey
    ? {
        title: `Make “${desk.name}” a treasury desk?`,
        lines: [
          `Desk: ${desk.name} (id ${desk.id})`,
          'A treasury desk may hold the merchant’s API key and send approved withdrawals.',
          othersNamed === 0
            ? 'It is the first one named: from now on every other desk is refused when it tries to send, and works through the team’s ledger.'
            : `The team has ${othersNamed} other treasury desk${othersNamed === 1 ? '' : 's'}; every desk not named stays refused when it tries to send.`,
        ],
        confirmLabel: 'Make it a treasury desk',
      }
    : {
        title: `Stop “${desk.name}” being a treasury desk?`,
        lines: [
          `Desk: ${desk.name} (id ${desk.id})`,
          othersNamed === 0
            ? 'No treasury desk would be left: every desk of the team could send again.'
            : 'It will be refused when it tries to send; the other treasury desks send.',
        ],
        confirmLabel: 'Stop it holding the key',
      };
}

const EXTRA_ROLE_WORDS = {
  approver:
    'An approver approves or rejects withdrawals others prepared; the published policy says whose approvals count.',
  auditor:
    'An auditor reads the whole ledger and exports it with who, when and which desk; an auditor changes nothing.',
} as const;

export function extraRoleConfirmation(
  person: string,
  role: keyof typeof EXTRA_ROLE_WORDS,
  holds: boolean,
): ConfirmRequest {
  return {
    title: holds ? `Make ${person} an ${role}?` : `Take the ${role} role from ${person}?`,
    lines: [
      `Person: ${person}`,
      `Role: ${role} (${holds ? 'added beside the role they hold' : 'taken away; their other roles stay'})`,
      EXTRA_ROLE_WORDS[role],
      'Recorded in the team’s ledger with who changed it.',
    ],
    confirmLabel: holds ? `Make ${role}` : `Take ${role} away`,
  };
}

export function groupMemberConfirmation(group: string, person: string, member: boolean): ConfirmRequest {
  return {
    title: member ? `Add ${person} to the group ${group}?` : `Take ${person} out of the group ${group}?`,
    lines: [
      `Group: ${group}`,
      `Person: ${person}`,
      'Policy rules name groups: who prepared a withdrawal, and whose approvals count. This changes how withdrawals are judged from now on and is recorded in the team’s ledger.',
    ],
    confirmLabel: member ? 'Add to the group' : 'Take out of the group',
  };
}
