/** One step of the team ledger's schema: run once, in its own transaction, by an admin (migrate.ts). */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
