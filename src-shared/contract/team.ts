import { z } from 'zod';

// The team parts of the contract (issue 27): team mode's status, joining and leaving, and the admin's
// views. Main checks the connection settings again with its own, stricter rules (TLS over the network,
// host names) and answers in words; these schemas bound what may cross the bridge at all.

export const TeamRole = z.enum(['viewer', 'operator', 'admin']);
export type TeamRole = z.infer<typeof TeamRole>;

/** online: live and writable; offline: the local copy as of `asOf`; read-only: the ledger is newer. */
export const TeamConnectionState = z.enum([
  'none',
  'connecting',
  'online',
  'offline',
  'read-only',
  'rewritten',
]);
export type TeamConnectionState = z.infer<typeof TeamConnectionState>;

export const TeamStatus = z.object({
  joined: z.boolean(),
  /** host:port/database, as entered. */
  server: z.string().nullable(),
  person: z.string().nullable(),
  role: TeamRole.nullable(),
  desk: z.string().nullable(),
  connection: TeamConnectionState,
  /** When the local copy last matched the server (ISO UTC). */
  asOf: z.string().nullable(),
  /** The state in a sentence a person can act on. */
  words: z.string(),
  /**
   * The writes from a screen this person's role may not make on the team's ledger, each with why and
   * who can (main's `mayPrepare`, issue 28 item 1); absent or empty: every form is offered.
   */
  refused: z
    .partialRecord(
      z.enum(['invoices', 'wallets', 'withdrawals', 'reconcile', 'webhooks', 'journal']),
      z.string(),
    )
    .optional(),
});
export type TeamStatus = z.infer<typeof TeamStatus>;
/** A kind of write a person makes from a screen on a team (the keys of `TeamStatus.refused`). */
export type TeamWrite = keyof NonNullable<TeamStatus['refused']>;

const text = (max: number) => z.string().trim().max(max);

export const TeamConnectionInput = z.strictObject({
  host: text(253),
  port: z.coerce.number().int().min(1).max(65535).default(5432),
  database: text(63),
  user: text(63),
  caPem: text(64 * 1024).optional(),
  /** Goes to the keychain in main; never stored in a file, never sent back. */
  password: z.string().min(1, 'Enter your password.').max(1024),
});
export type TeamConnectionInput = z.input<typeof TeamConnectionInput>;

export const TeamJoinInput = TeamConnectionInput.extend({
  code: text(100).min(1, 'Enter the enrollment code the admin gave you.'),
});
export type TeamJoinInput = z.input<typeof TeamJoinInput>;

export const TeamTestResult = z.object({
  ok: z.boolean(),
  problem: z.string().optional(),
  words: z.string(),
});
export type TeamTestResult = z.infer<typeof TeamTestResult>;

export const TeamDesk = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(['active', 'revoked']),
  enrolledBy: z.string().nullable(),
  enrolledAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
  revokeReason: z.string().nullable(),
  thisDesk: z.boolean(),
});
export const TeamDesks = z.object({ desks: z.array(TeamDesk) });
export type TeamDesks = z.infer<typeof TeamDesks>;

export const TeamRevokeInput = z.strictObject({
  id: z.uuid(),
  reason: text(500).min(1, 'Say why the desk is revoked (the team sees it).'),
});

/** What an admin adds beside a person's level (md.grant_person_role): approving, and reading all as an auditor. */
export const TeamExtraRole = z.enum(['approver', 'auditor']);
export const TeamPeople = z.object({
  people: z.array(
    z.object({
      person: z.string(),
      role: TeamRole,
      /** The roles held beside the level (issue 28: a person may hold several). */
      also: z.array(TeamExtraRole).optional(),
    }),
  ),
});
export type TeamPeople = z.infer<typeof TeamPeople>;

export const TeamSetRoleInput = z.strictObject({
  person: text(63).min(1),
  /** null takes the person off the team. */
  role: TeamRole.nullable(),
});

export const TeamGrantRoleInput = z.strictObject({
  person: text(63).min(1),
  role: TeamExtraRole,
  /** true adds the role, false takes it away. */
  holds: z.boolean(),
});
export type TeamGrantRoleInput = z.input<typeof TeamGrantRoleInput>;

export const TeamCodeInput = z.strictObject({
  deskName: text(100).min(1, 'Name the desk the code is for.'),
  hours: z.number().int().min(1).max(168).default(24),
});
export const TeamCode = z.object({ code: z.string(), deskName: z.string(), hours: z.number() });
export type TeamCode = z.infer<typeof TeamCode>;

/** Who did each step of an entry: the desk and the person the server recorded, never what a desk says. */
export const TeamEntryWho = z.object({
  steps: z.array(
    z.object({
      type: z.string(),
      at: z.string(),
      desk: z.string().nullable(),
      person: z.string().nullable(),
      /** What the step did, in main's words, when there is more to say (an approval's reason, its count). */
      note: z.string().nullable().optional(),
    }),
  ),
  /** Where a withdrawal's approval stands now, in main's words (issue 28); absent for no approval. */
  approval: z.string().nullable().optional(),
  /** The desk holding the send (who claimed it, when): null for what nobody claimed. */
  claim: z.object({ desk: z.string(), person: z.string(), at: z.string() }).nullable().optional(),
  /** The journal entry the answer is about (an invoice is asked for by its code). */
  entryId: z.string().nullable().optional(),
});
export type TeamEntryWho = z.infer<typeof TeamEntryWho>;

/** An invoice's entry, found by the invoice's code on the team's ledger. */
export const TeamInvoiceWhoInput = z.strictObject({ code: text(200).min(1) });

const SessionStepView = z.object({ person: z.string(), deskName: z.string(), at: z.string() });
/**
 * Who started, reviewed and closed a reconciliation session: on a team, the login and desk the server
 * recorded; on a desk alone, this computer's account and name. One shape, one screen.
 */
export const ReconSessionPeople = z.object({
  started: SessionStepView,
  reviews: z.array(SessionStepView.extend({ itemKey: z.string() })),
  closed: SessionStepView.nullable(),
});
export type ReconSessionPeople = z.infer<typeof ReconSessionPeople>;

/** The team's CA read from a file the person chose in main's own dialog: the PEM, or why not. */
export const TeamCaFile = z.object({
  pem: z.string().nullable(),
  file: z.string().nullable(),
  words: z.string(),
});
export type TeamCaFile = z.infer<typeof TeamCaFile>;
