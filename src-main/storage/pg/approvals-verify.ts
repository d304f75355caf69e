import { isDeepStrictEqual } from 'node:util';
import type pg from 'pg';

export type ApprovalRowsCheck = { ok: true } | { ok: false; brokenAt: { reason: string } };

type Client = Pick<pg.ClientBase, 'query'>;
interface Detail {
  approval?: { entry_id: number };
  approvals?: unknown[];
  version?: number;
  rules?: unknown;
  policyId?: number;
  addressBook?: { id: number };
}

const PREFIX = 'approvals.';

/**
 * The approval tables against the chain (migration 004): each withdrawal's approval row and its
 * approvals as its newest `approvals.*` event recorded them, each published policy as its publish
 * event, each address-book entry as its newest event. An approval added, a status or a policy's rules
 * edited beside the functions (an administrator can write the tables) is found by every desk. Fed by
 * the chain check (`see`, as it reads the events), then asked in the same snapshot (`finish`).
 */
export function approvalRowsCheck() {
  const intents = new Map<number, { row: unknown; approvals: unknown[] }>();
  const policies = new Map<number, { rules: unknown; id: number }>();
  const book = new Map<number, unknown>();
  let unreadable: string | null = null;
  const broken = (reason: string): ApprovalRowsCheck => ({ ok: false, brokenAt: { reason } });
  return {
    see(event: { entryId: number | null; type: string; detail: string }): void {
      if (!event.type.startsWith(PREFIX)) return;
      let detail: Detail & { detail?: Detail };
      try {
        detail = JSON.parse(event.detail) as Detail & { detail?: Detail };
      } catch {
        unreadable ??= `a ${event.type} event cannot be read`;
        return;
      }
      if (event.entryId !== null) {
        // An entry's event wraps what the function said in `detail` beside the entry's snapshot.
        const said = detail.detail ?? {};
        if (said.approval)
          intents.set(event.entryId, { row: said.approval, approvals: said.approvals ?? [] });
      } else if (event.type === `${PREFIX}policy-publish` && detail.version !== undefined) {
        policies.set(detail.version, { rules: detail.rules, id: detail.policyId ?? -1 });
      } else if (detail.addressBook) {
        book.set(detail.addressBook.id, detail.addressBook);
      }
    },
    async finish(client: Client): Promise<ApprovalRowsCheck> {
      if (unreadable) return broken(unreadable);
      const rows = await client.query<{ id: string; row: unknown; approvals: unknown[] }>(
        `SELECT a.entry_id::text AS id, to_jsonb(a) AS row,
                (SELECT coalesce(jsonb_agg(to_jsonb(v) ORDER BY v.revision, v.person), '[]'::jsonb)
                   FROM md.approvals v WHERE v.entry_id = a.entry_id) AS approvals
           FROM md.approval_intents a`,
      );
      const left = new Map(intents);
      for (const r of rows.rows) {
        const recorded = left.get(Number(r.id));
        if (!recorded) return broken(`the approval of withdrawal #${r.id} has no recorded history`);
        if (!isDeepStrictEqual(recorded.row, r.row) || !isDeepStrictEqual(recorded.approvals, r.approvals))
          return broken(
            `the approval of withdrawal #${r.id} differs from its recorded history (edited outside the app)`,
          );
        left.delete(Number(r.id));
      }
      if (left.size > 0) return broken(`the approval of withdrawal #${[...left.keys()][0]} was deleted`);
      const published = await client.query<{ id: string; version: number; rules: unknown }>(
        'SELECT id::text AS id, version, rules FROM md.policies WHERE version IS NOT NULL',
      );
      if (published.rows.length !== policies.size)
        return broken('the published approval policies differ from those the chain records');
      for (const p of published.rows) {
        const recorded = policies.get(p.version);
        if (!recorded || recorded.id !== Number(p.id) || !isDeepStrictEqual(recorded.rules, p.rules))
          return broken(`approval policy version ${p.version} differs from the one published in the chain`);
      }
      const entries = await client.query<{ row: { id: number } }>(
        'SELECT to_jsonb(b) AS row FROM md.address_book b',
      );
      if (entries.rows.length !== book.size)
        return broken('the team address book differs from its recorded history');
      for (const { row } of entries.rows)
        if (!isDeepStrictEqual(book.get(row.id), row))
          return broken(
            `address-book entry #${row.id} differs from its recorded history (edited outside the app)`,
          );
      return { ok: true };
    },
  };
}
