/**
 * THE contract between renderer and main: every invoke channel with its request and response schema,
 * and every push-event channel. Main's router validates requests with it, and the renderer checks
 * answers and pushes with it (src-renderer/src/lib/contract-check.ts, its only value import here),
 * so the two sides cannot drift apart; the preload needs only the channel names (src-shared/ipc-channels.ts).
 * The schemas themselves are the domain's (src-shared/domain), written once and used by main's layers
 * too; this file only composes them.
 */
import { z } from 'zod';
import { BooksExportRequest, BooksExportResult, ReconPrintResult } from '@shared/domain/books';
import { RegionSetting } from '@shared/domain/region';
import { Empty, WriteResult } from './common';
import type { EventChannel, InvokeChannel } from '@shared/ipc-channels';
import {
  BalanceHistory,
  BalancesView,
  ClockSkewView,
  ConnectionStatus,
  FeesView,
  RatesSnapshot,
  RatesTick,
} from '@shared/domain/market';
import {
  CardOrderInput,
  CreateInvoiceInput,
  CreateWalletInput,
  CreateWithdrawalInput,
  InvoiceCode,
} from '@shared/domain/operations';
import {
  ChainStatus,
  ExportRequest,
  ExportResult,
  JournalEntryDetails,
  JournalEntryView,
  JournalList,
  JournalPage,
  JournalPageQuery,
  JournalQuery,
  ResolveByEvidenceRequest,
  ResolveManyAnswer,
  ResolveManyRequest,
  ResolveRequest,
} from '@shared/domain/journal';
import { ConnectionTestInput, ConnectionTestResult } from '@shared/domain/connection-test';
import {
  AddAddressInput,
  AddressBookView,
  RemoveAddressInput,
  SetBookOnlyInput,
  WithdrawalLimit,
  WithdrawalRules,
} from '@shared/domain/address-book';
import { InvoiceLookupView } from '@shared/domain/invoice-lookup';
import {
  Profile,
  ProfileId,
  ProfileInput,
  ProfileUpdate,
  ProfilesView,
  SecretStatus,
  SetSecretInput,
} from '@shared/domain/profile';
import {
  ImportCounts,
  ImportProgress,
  WebhookDelivery,
  WebhookImportInput,
  WebhookImportResult,
  WebhookReceiverInput,
  WebhookReceiverStatus,
} from '@shared/domain/webhooks';
import { SavedQr, WalletId, WalletList } from '@shared/domain/wallets';
import { NotificationSettings, Toast } from '@shared/domain/notifications';
import { SetUpdateChannelInput, UpdateStatus } from '@shared/domain/updates';
import { ApproveWebhookHostInput, WebhookHosts } from '@shared/domain/webhook-hosts';
import { AppLockState, SetIdleLockInput } from '@shared/domain/app-lock';
import { PassphraseStatus } from '@shared/domain/user-check';
import { SandboxAction, SandboxActionResult, SandboxStatus } from '@shared/domain/sandbox-controls';
import { HttpsUrl, Id } from '@shared/domain/wire';
import {
  ReconCloseInput,
  ReconExportResult,
  ReconPeriodInput,
  ReconReviewInput,
  ReconSessionId,
  ReconSessionList,
  ReconSessionView,
} from '@shared/domain/reconciliation';
import { AboutView, DiagnosticsExport, MenuAction } from '@shared/domain/diagnostics';
import {
  CompletionList,
  CompletionQuery,
  ExplorerRequest,
  ExplorerResult,
  MoneyInList,
  MoneyInQuery,
} from '@shared/domain/money-in';
import {
  TeamCode,
  TeamCodeInput,
  TeamConnectionInput,
  TeamDesks,
  TeamEntryWho,
  TeamJoinInput,
  TeamPeople,
  TeamRevokeInput,
  TeamSetRoleInput,
  TeamGrantRoleInput,
  TeamStatus,
  TeamTestResult,
  TeamInvoiceWhoInput,
  ReconSessionPeople,
  TeamCaFile,
} from './team';
import {
  AuditExportResult,
  ApprovalQueue,
  ApproveInput,
  RejectInput,
  SubmitWithdrawalInput,
  SubmittedWithdrawal,
  SendApprovedInput,
  TreasuryKeys,
  WithdrawalPath,
  ApprovalsWaiting,
} from './approvals';
import {
  PolicyDraftInput,
  PolicyDraftSaved,
  PolicyPreview,
  PolicyPreviewInput,
  PolicyPublishInput,
  PolicyView,
  SetGroupMemberInput,
  SetTreasuryDeskInput,
  TeamAccess,
  TeamBookApproveInput,
  TeamBookProposeInput,
  TeamBookRemoveInput,
  TeamBookView,
} from './policy';

const channel = <Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res) => ({
  request,
  response,
});

const QrView = z.object({ contentType: z.string(), base64: z.string() });

export const invokeChannels = {
  'app:info': channel(
    Empty,
    z.object({
      version: z.string(),
      platform: z.string(),
      sandboxUrl: z.string().nullable(),
      /** Main's words when the desk's journal is newer than this app and open read-only; null otherwise. */
      journalReadOnly: z.string().nullable(),
    }),
  ),
  'profiles:list': channel(Empty, ProfilesView),
  'profiles:create': channel(ProfileInput, Profile),
  'profiles:update': channel(ProfileUpdate, Profile),
  'profiles:remove': channel(z.object({ id: ProfileId }), ProfilesView),
  'profiles:activate': channel(z.object({ id: ProfileId }), ProfilesView),
  'profiles:test-connection': channel(ConnectionTestInput, ConnectionTestResult),
  'secrets:status': channel(z.object({ profileId: ProfileId }), SecretStatus),
  'secrets:set': channel(SetSecretInput, SecretStatus),
  'secrets:delete': channel(z.object({ profileId: ProfileId }), SecretStatus),
  'balances:get': channel(Empty, BalancesView),
  'balances:history': channel(Empty, BalanceHistory),
  'fees:get': channel(Empty, FeesView),
  'rates:snapshot': channel(Empty, RatesSnapshot),
  'rates:pause': channel(z.object({ paused: z.boolean() }), RatesSnapshot),
  'clock:skew': channel(Empty, ClockSkewView.nullable()),
  'connection:status': channel(Empty, ConnectionStatus),
  'invoices:create': channel(CreateInvoiceInput, WriteResult),
  'invoices:get': channel(InvoiceCode, InvoiceLookupView),
  'invoices:card-order': channel(CardOrderInput, WriteResult),
  'withdrawals:create': channel(CreateWithdrawalInput, WriteResult),
  'wallets:create': channel(CreateWalletInput, WriteResult),
  'wallets:list': channel(Empty, WalletList),
  'wallets:qr': channel(WalletId, QrView),
  'wallets:save-qr': channel(WalletId, SavedQr),
  'journal:list': channel(JournalQuery, JournalList),
  'journal:resolve': channel(ResolveRequest, JournalEntryView),
  'journal:check-invoice': channel(z.object({ id: Id }), JournalEntryView),
  'journal:verify-chain': channel(Empty, ChainStatus),
  'journal:export-csv': channel(ExportRequest, ExportResult),
  'journal:page': channel(JournalPageQuery, JournalPage),
  'journal:entry': channel(z.object({ id: Id }), JournalEntryDetails),
  'journal:resolve-evidence': channel(ResolveByEvidenceRequest, JournalEntryView),
  'webhooks:import': channel(WebhookImportInput, WebhookImportResult),
  'webhooks:list': channel(Empty, z.object({ deliveries: z.array(WebhookDelivery) })),
  'webhooks:receiver': channel(WebhookReceiverInput, WebhookReceiverStatus),
  // Sandbox controls: main refuses both unless the built-in Sandbox profile is active.
  'sandbox:status': channel(Empty, SandboxStatus),
  'sandbox:act': channel(SandboxAction, SandboxActionResult),
  'shell:open-checkout': channel(z.object({ url: HttpsUrl }), z.object({ opened: z.boolean() })),
  'webhooks:receiver-status': channel(Empty, WebhookReceiverStatus),
  'notifications:settings': channel(Empty, NotificationSettings),
  'notifications:configure': channel(NotificationSettings, NotificationSettings),
  // Hosts a wallet's webhook_url may name; approving one is confirmed in main's own window.
  'settings:webhook-hosts': channel(Empty, WebhookHosts),
  'settings:approve-webhook-host': channel(ApproveWebhookHostInput, WebhookHosts),
  // Reconciliation sessions of the active profile (recorded in the journal's hash chain).
  'reconcile:start': channel(ReconPeriodInput, ReconSessionView),
  'reconcile:get': channel(ReconSessionId, ReconSessionView),
  'reconcile:list': channel(Empty, ReconSessionList),
  'reconcile:review': channel(ReconReviewInput, ReconSessionView),
  'reconcile:close': channel(ReconCloseInput, ReconSessionView),
  'reconcile:export': channel(ReconSessionId, ReconExportResult),
  // Help → About and Help → Export diagnostics (a zip for support that holds no key or secret).
  'app:about': channel(Empty, AboutView),
  'diagnostics:export': channel(Empty, DiagnosticsExport),
  // The active profile's money in (invoice payments, wallet deposits) from verified webhooks, newest first.
  'moneyIn:list': channel(MoneyInQuery, MoneyInList),
  // The guided month-end close's "take a snapshot now" (refused where it cannot cover an unseen end).
  'reconcile:snapshot': channel(ReconSessionId, ReconSessionView),
  // A transaction in its block explorer: main builds the URL from its own table, never the page.
  'explorer:open': channel(ExplorerRequest, ExplorerResult),
  // Fees, total debit and tx hash of the active profile's settled withdrawals, from their webhooks.
  'withdrawals:completion': channel(CompletionQuery, CompletionList),
  // The idle lock: main decides when the desk locks and whether it unlocks (in its own window).
  'lock:status': channel(Empty, AppLockState),
  'lock:lock': channel(Empty, AppLockState),
  'lock:unlock': channel(Empty, AppLockState),
  'lock:set-idle-minutes': channel(SetIdleLockInput, AppLockState),
  // One person's decision for several unknown entries, each recorded as its own resolution.
  'journal:resolve-many': channel(ResolveManyRequest, ResolveManyAnswer),
  // Team mode (issue 27): main keeps the password and the desk's token; the page sees only words.
  'team:status': channel(Empty, TeamStatus),
  'team:test-connection': channel(TeamConnectionInput, TeamTestResult),
  'team:join': channel(TeamJoinInput, TeamStatus),
  'team:leave': channel(Empty, TeamStatus),
  'team:desks': channel(Empty, TeamDesks),
  'team:revoke-desk': channel(TeamRevokeInput, TeamDesks),
  'team:people': channel(Empty, TeamPeople),
  'team:set-role': channel(TeamSetRoleInput, TeamPeople),
  'team:make-code': channel(TeamCodeInput, TeamCode),
  'team:entry-who': channel(z.object({ id: Id }), TeamEntryWho),
  // Updates (issue 30): main checks, downloads and verifies; only the person's choice restarts.
  'updates:status': channel(Empty, UpdateStatus),
  'updates:check': channel(Empty, UpdateStatus),
  'updates:set-channel': channel(SetUpdateChannelInput, UpdateStatus),
  'updates:restart': channel(Empty, UpdateStatus),
  // The address book and withdrawal rules (issue 26): every change is decided in main's own window.
  'addressBook:list': channel(Empty, AddressBookView),
  'addressBook:add': channel(AddAddressInput, AddressBookView),
  'addressBook:remove': channel(RemoveAddressInput, AddressBookView),
  'withdrawalRules:get': channel(Empty, WithdrawalRules),
  'withdrawalRules:set-book-only': channel(SetBookOnlyInput, WithdrawalRules),
  'withdrawalRules:set-limit': channel(WithdrawalLimit, WithdrawalRules),
  // Who did what (issue 27 item 8): an invoice's entry by its code; a session's people on any desk.
  'team:invoice-who': channel(TeamInvoiceWhoInput, TeamEntryWho),
  'reconcile:people': channel(ReconSessionId, ReconSessionPeople),
  // The team's CA from a file chosen in main's dialog: main reads and checks it; the page passes no path.
  'team:choose-ca': channel(Empty, TeamCaFile),
  // Who is at the desk: how main checks it, and the desk passphrase (typed only in main's own window).
  'passphrase:status': channel(Empty, PassphraseStatus),
  'passphrase:set': channel(Empty, PassphraseStatus),
  'books:export': channel(BooksExportRequest, BooksExportResult),
  'settings:region': channel(Empty, RegionSetting),
  'settings:set-region': channel(RegionSetting, RegionSetting),
  'reconcile:print': channel(ReconSessionId, ReconPrintResult),
  // The approval queue (issue 28): team mode only; approving and rejecting are confirmed in main.
  'approvals:queue': channel(Empty, ApprovalQueue),
  'approvals:approve': channel(ApproveInput, ApprovalQueue),
  'approvals:reject': channel(RejectInput, ApprovalQueue),
  'approvals:submit': channel(SubmitWithdrawalInput, SubmittedWithdrawal),
  'approvals:audit-export': channel(Empty, AuditExportResult),
  // The approval policy (issue 28 item 2): an admin drafts, previews and publishes (confirmed in main).
  'approvals:policy-get': channel(Empty, PolicyView),
  'approvals:policy-save-draft': channel(PolicyDraftInput, PolicyDraftSaved),
  'approvals:policy-preview': channel(PolicyPreviewInput, PolicyPreview),
  'approvals:policy-publish': channel(PolicyPublishInput, PolicyView),
  // The team's address book (item 5): proposed, approved by someone else, removed with a reason.
  'teamBook:list': channel(Empty, TeamBookView),
  'teamBook:propose': channel(TeamBookProposeInput, TeamBookView),
  'teamBook:approve': channel(TeamBookApproveInput, TeamBookView),
  'teamBook:remove': channel(TeamBookRemoveInput, TeamBookView),
  // Treasury desks and the policy's groups (item 4), changed by an admin after main's confirmation.
  'team:access': channel(Empty, TeamAccess),
  'team:set-treasury-desk': channel(SetTreasuryDeskInput, TeamAccess),
  'team:set-group-member': channel(SetGroupMemberInput, TeamAccess),
  'team:grant-role': channel(TeamGrantRoleInput, TeamPeople),
  // An approved withdrawal sent by a treasury desk: main's confirmation, then claim → send → settle.
  'approvals:send': channel(SendApprovedInput, WriteResult),
  // Whether this desk may hold a live API key: only the team's treasury desks do.
  'team:treasury-keys': channel(Empty, TreasuryKeys),
  'withdrawals:path': channel(Empty, WithdrawalPath),
  'approvals:waiting': channel(Empty, ApprovalsWaiting),
  // Exactly the names in src-shared/ipc-channels.ts: a missing or extra key fails here.
} as const satisfies Record<InvokeChannel, { request: z.ZodType; response: z.ZodType }>;

/**
 * Pushes from main. Main builds each payload from the same domain types; the renderer checks every
 * payload against these schemas and drops one that does not match, so a listener only ever sees
 * the declared shape.
 */
export const eventChannels = {
  'rates:tick': RatesTick,
  /**
   * An entry of the active profile changed (written, settled, resolved, moved by a webhook): the
   * entry whole, as journal:list gives it, for stores to upsert. Main never pushes another
   * profile's entry.
   */
  'journal:changed': JournalEntryView,
  'webhook:received': WebhookDelivery,
  'clock:skew': ClockSkewView,
  'connection:status': ConnectionStatus,
  'profiles:changed': ProfilesView,
  'webhooks:import-progress': ImportProgress,
  /** One per import, when it ends: its counts. */
  'webhooks:imported': ImportCounts,
  'notification:toast': Toast,
  /** A Help menu item was chosen: the window opens About (and starts the export when asked). */
  'app:menu': MenuAction,
  /** The desk locked (idle, or asked to) or was unlocked in main's window. */
  'lock:changed': AppLockState,
  /** Team mode's connection changed (online, offline as of, read-only). */
  'team:status': TeamStatus,
  /** The updater's state changed (checking, downloading, ready, refused with its reason…). */
  'updates:changed': UpdateStatus,
  /** The team's desks or people changed on its server: lists of them are read again. */
  'team:changed': z.object({}),
  /** A withdrawal's approval changed on the team's ledger (any desk): the queue may be read again. */
  'approvals:changed': z.object({}),
} as const satisfies Record<EventChannel, z.ZodType>;

export type { InvokeChannel, EventChannel };
export type RequestOf<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['request']>;
export type ResponseOf<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]['response']>;
export type EventOf<E extends EventChannel> = z.infer<(typeof eventChannels)[E]>;

export * from './common';
export * from './team';
export * from './approvals';
export * from './policy';
export type { PolicyRule } from '@shared/domain/approval-policy';
export * from '@shared/domain/market';
export * from '@shared/domain/operations';
export * from '@shared/domain/connection-test';
export * from '@shared/domain/invoice-lookup';
export * from '@shared/domain/profile';
export * from '@shared/domain/webhooks';
export * from '@shared/domain/notifications';
export * from '@shared/domain/webhook-hosts';
export type {
  AddAddressInput,
  AddressBookEntryView,
  AddressBookView,
  SetWithdrawalLimitInput,
  WithdrawalRules,
} from '@shared/domain/address-book';
export type { AppLockState } from '@shared/domain/app-lock';
export type { WalletEntry } from '@shared/domain/wallets';
export * from '@shared/domain/sandbox-controls';
export type { AboutView, DiagnosticsExport } from '@shared/domain/diagnostics';
export type {
  ExplorerRequest,
  ExplorerState,
  MoneyInItem,
  MoneyInKind,
  WithdrawalCompletion,
} from '@shared/domain/money-in';
export type {
  AssetLineView,
  CloseSteps,
  OpenItem as ReconItem,
  ReconSessionView,
} from '@shared/domain/reconciliation';
export { JournalEntryView as JournalEntry } from '@shared/domain/journal';
export type {
  InvoiceStanding,
  JournalEntryDetails,
  JournalEventView,
  JournalFilter,
  JournalPage,
} from '@shared/domain/journal';
export type { UpdateChannel, UpdateStatus } from '@shared/domain/updates';
export type { PassphraseStatus } from '@shared/domain/user-check';
export type { BookFormat, BooksExportResult, ReconPrintResult } from '@shared/domain/books';
