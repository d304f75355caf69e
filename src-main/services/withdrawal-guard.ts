import { AppError } from '@shared/errors';
import type { WithdrawalBody } from '@shared/domain/operations';
import type { WithdrawalLimit, WithdrawalRules } from '@shared/domain/address-book';
import { addDecimals, compareDecimal } from '@shared/money/display';
import type { AddressBookEntry, AddressBookStore } from '../storage/port/address-book';
import { JournalError, type JournalStore } from '../storage/port';
import type { JournalEntry } from '../storage/port/types';

export interface WithdrawalGuardDeps {
  book: Pick<AddressBookStore, 'list'>;
  journal: Pick<JournalStore, 'page' | 'readOnly'>;
  rules: () => WithdrawalRules;
  now?: () => Date;
}

/** What the guard found, for main's confirmation: the book's entry for the address, if any. */
export interface GuardFindings {
  bookEntry: AddressBookEntry | null;
}

/** The start of the local calendar day of `now`, as the journal's times are written (ISO, UTC). */
export function startOfLocalDay(now: Date): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

/** A withdrawal that may have moved money today: sent, or not known not to have been. */
function counts(entry: JournalEntry): boolean {
  if (!['accepted', 'sending', 'unknown'].includes(entry.state)) return false;
  // A withdrawal the service later reported failed moved nothing.
  return entry.settlement !== 'failed';
}

const unit = (body: Pick<WithdrawalBody, 'coin' | 'network'>) =>
  `${body.coin.toUpperCase()} on ${body.network.toUpperCase()}`;

/**
 * The desk's own rules for a withdrawal, checked in main before anything is journaled or signed:
 * "only to the address book", and the asset's per-withdrawal and daily limits, in exact decimals.
 * Each refusal says what was refused, by which rule, and that nothing was sent.
 */
export function createWithdrawalGuard(deps: WithdrawalGuardDeps) {
  const now = deps.now ?? (() => new Date());

  async function sentToday(profileId: string, body: WithdrawalBody): Promise<string> {
    const filter = {
      profileId,
      operation: 'createWithdrawal' as const,
      coin: body.coin,
      network: body.network,
      from: startOfLocalDay(now()),
    };
    const amounts: (string | null)[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = await deps.journal.page(filter, { offset, limit: 500 });
      amounts.push(...page.entries.filter(counts).map((e) => e.amount));
      if (page.entries.length < 500) break;
    }
    return addDecimals(amounts);
  }

  async function checkLimits(profileId: string, body: WithdrawalBody, limit: WithdrawalLimit) {
    if (limit.perWithdrawal !== null && compareDecimal(body.amount, limit.perWithdrawal) > 0)
      throw new AppError(
        'withdrawal-limit',
        `${body.amount} is over the limit of ${limit.perWithdrawal} per withdrawal of ${unit(body)} set in Settings. Nothing was sent; send a smaller amount or change the limit.`,
      );
    if (limit.daily === null) return;
    const today = await sentToday(profileId, body);
    const total = addDecimals([today, body.amount]);
    if (compareDecimal(total, limit.daily) > 0)
      throw new AppError(
        'withdrawal-limit',
        `This would bring today's withdrawals of ${unit(body)} to ${total}, over the daily limit of ${limit.daily} set in Settings (${today} already sent or pending today). Nothing was sent.`,
      );
  }

  return {
    async check(profileId: string, body: WithdrawalBody): Promise<GuardFindings> {
      // A journal newer than this app refuses the write anyway: say so before main asks anything.
      if (deps.journal.readOnly) throw new JournalError('newer-schema', deps.journal.readOnly);
      const rules = deps.rules();
      const bookEntry =
        (await deps.book.list(profileId)).find(
          (e) => e.coin === body.coin && e.network === body.network && e.address === body.to_address,
        ) ?? null;
      if (rules.bookOnly && !bookEntry)
        throw new AppError(
          'not-in-address-book',
          `This address is not in the address book for ${unit(body)}, and Settings allow withdrawals only to address-book destinations. Nothing was sent; add the address to the book first.`,
          { fieldErrors: { to_address: ['is not in the address book'] } },
        );
      const limit = rules.limits.find((l) => l.coin === body.coin && l.network === body.network);
      if (limit) await checkLimits(profileId, body, limit);
      return { bookEntry };
    },
  };
}
export type WithdrawalGuard = ReturnType<typeof createWithdrawalGuard>;
