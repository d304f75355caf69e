import { signWebhookBody } from '@main/protocol/signing';
import type { TeamDesk } from '@test/helpers/team-desk';
import { amountKey, TEAM_MERCHANT, type TeamFaults } from '@test/helpers/team-faults';

export interface WebhookPhase {
  /** Signed deliveries taken in by the one desk, first copies and repeats. */
  delivered: number;
  applied: number;
  /** Repeats the desk recognised as already seen (each must be). */
  duplicates: number;
  /** First copies that reached no entry (parked): a settlement the team never saw. */
  parked: number;
  /** Invoices the Sandbox could not be made to pay (left out of what must be seen). */
  unpaid: number;
  /** Settlements every desk must show: one per withdrawal settled and invoice paid on the Sandbox. */
  expected: number;
  /** Settlements some desk did not show, as "desk: entry #id ...", each a failure. */
  unseen: string[];
  failed: string[];
}

type Row = { id: string; operation: string; amount: string | null; order_id: string | null };

/**
 * The wind-down's webhooks: the Sandbox settles every withdrawal still in flight and pays every open
 * invoice, then each signed delivery it made (in the order it made them) is taken in by ONE desk's
 * real intake, a share of them twice; then every desk must show every settlement (the team's ledger
 * settled it for all), and no repeat may have been applied again.
 */
export async function deliverSettlements(
  faults: TeamFaults,
  desks: readonly TeamDesk[],
  random: () => number,
): Promise<WebhookPhase> {
  const { control } = faults.sandbox;
  const phase: WebhookPhase = {
    delivered: 0,
    applied: 0,
    duplicates: 0,
    parked: 0,
    unpaid: 0,
    expected: 0,
    unseen: [],
    failed: [],
  };
  for (const w of control.withdrawals(TEAM_MERCHANT.id))
    if (w.status !== 'completed' && w.status !== 'failed')
      control.completeWithdrawal(String(w.withdrawal_id));
  const invoices = Object.values(control.state().invoices).filter((i) => i.merchantId === TEAM_MERCHANT.id);
  for (const invoice of invoices) {
    try {
      if (invoice.status !== 'paid') control.payInvoice(invoice.code, { coin: 'usdt', network: 'tron' });
    } catch {
      phase.unpaid += 1;
    }
  }

  const one = desks[Math.floor(random() * desks.length)]!;
  const deliveries = control
    .deliveries(TEAM_MERCHANT.id)
    .filter((d) => d.duplicateOf === null && /^(withdrawal|invoice)\./.test(d.event));
  for (const d of deliveries) {
    const signed = {
      cmd: 'webhook' as const,
      rawBody: d.body,
      signature: signWebhookBody(d.body, TEAM_MERCHANT.apiKey),
    };
    const copies = random() < 0.2 ? 2 : 1;
    for (let copy = 0; copy < copies; copy++) {
      const seen = await one.send<{ verified: boolean; duplicate: boolean; appliedTo: string | null }>(
        signed,
      );
      phase.delivered += 1;
      if (!seen.ok) {
        phase.failed.push(`delivery ${d.id} (${d.event}) refused: ${seen.error.message}`);
        continue;
      }
      const { verified, duplicate, appliedTo } = seen.value;
      if (!verified) phase.failed.push(`delivery ${d.id} (${d.event}) did not verify`);
      else if (copy > 0) {
        if (duplicate) phase.duplicates += 1;
        else phase.failed.push(`the repeat of delivery ${d.id} (${d.event}) was taken as new`);
      } else if (appliedTo !== null) phase.applied += 1;
      else phase.parked += 1;
    }
  }
  if (phase.parked > 0) phase.failed.push(`${phase.parked} first deliveries reached no entry (parked)`);

  // What each entry must show on every desk, from the Sandbox's own record.
  const rows = (
    await faults.admin<Row>(
      "SELECT id, operation, amount, order_id FROM md.entries WHERE state <> 'intent' ORDER BY id",
    )
  ).rows;
  const byKey = new Map(
    rows.map((r) => [
      r.operation === 'createInvoice' ? `i:${r.order_id}` : `w:${amountKey(r.amount ?? '0')}`,
      r,
    ]),
  );
  const must: { key: string; check: (entry: Record<string, unknown>) => boolean; what: string }[] = [];
  for (const w of control.withdrawals(TEAM_MERCHANT.id)) {
    const settlement = w.status === 'completed' ? 'completed' : 'failed';
    const amount = String((w.amounts as { requested: string }).requested);
    must.push({ key: `w:${amountKey(amount)}`, check: (e) => e.settlement === settlement, what: settlement });
  }
  for (const invoice of Object.values(control.state().invoices))
    if (invoice.merchantId === TEAM_MERCHANT.id && invoice.status === 'paid')
      must.push({ key: `i:${invoice.orderId}`, check: (e) => e.invoiceStatus === 'paid', what: 'paid' });
  phase.expected = must.length;
  for (const [n, desk] of desks.entries()) {
    for (const { key, check, what } of must) {
      const row = byKey.get(key);
      // A performed write with no entry is the comparison's "lost": counted there, not twice here.
      if (!row) continue;
      const seen = await desk.send<{ entry: Record<string, unknown> | null }>({
        cmd: 'entry',
        id: Number(row.id),
      });
      const entry = seen.ok ? seen.value.entry : null;
      if (!entry || !check(entry))
        phase.unseen.push(
          `desk ${n + 1}: entry #${row.id} shows ${entry ? `${String(entry.state)}/${String(entry.settlement ?? entry.invoiceStatus)}` : 'nothing'}, not ${what}`,
        );
    }
  }
  if (phase.unseen.length > 0)
    phase.failed.push(`${phase.unseen.length} settlements not shown: ${phase.unseen.slice(0, 5).join('; ')}`);
  return phase;
}
