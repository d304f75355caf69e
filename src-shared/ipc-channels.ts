/**
 * The names of every channel, without their schemas: what the preload needs to build
 * `window.merchant` (one named verb per invoke channel, `on` for the push events) and what the
 * renderer needs to wrap it with the contract's checks. No zod here: the preload runs before the
 * page's first script on every start, and compiling the schemas there held the first paint back.
 * contract.ts checks at compile time that its channel maps have exactly these keys.
 * New channels go at the end of both lists and of the maps in contract.ts.
 */
export const INVOKE_CHANNELS = [
  'app:info',
  'profiles:list',
  'profiles:create',
  'profiles:update',
  'profiles:remove',
  'profiles:activate',
  'profiles:test-connection',
  'secrets:status',
  'secrets:set',
  'secrets:delete',
  'balances:get',
  'balances:history',
  'fees:get',
  'rates:snapshot',
  'rates:pause',
  'clock:skew',
  'connection:status',
  'invoices:create',
  'invoices:get',
  'invoices:card-order',
  'withdrawals:create',
  'wallets:create',
  'wallets:list',
  'wallets:qr',
  'wallets:save-qr',
  'journal:list',
  'journal:resolve',
  'journal:check-invoice',
  'journal:verify-chain',
  'journal:export-csv',
  'journal:page',
  'journal:entry',
  'journal:resolve-evidence',
  'webhooks:import',
  'webhooks:list',
  'webhooks:receiver',
  'sandbox:status',
  'sandbox:act',
  'shell:open-checkout',
  'webhooks:receiver-status',
  'notifications:settings',
  'notifications:configure',
  'settings:webhook-hosts',
  'settings:approve-webhook-host',
  'reconcile:start',
  'reconcile:get',
  'reconcile:list',
  'reconcile:review',
  'reconcile:close',
  'reconcile:export',
  'app:about',
  'diagnostics:export',
  'moneyIn:list',
  'reconcile:snapshot',
  'explorer:open',
  'withdrawals:completion',
  'lock:status',
  'lock:lock',
  'lock:unlock',
  'lock:set-idle-minutes',
  'journal:resolve-many',
  'team:status',
  'team:test-connection',
  'team:join',
  'team:leave',
  'team:desks',
  'team:revoke-desk',
  'team:people',
  'team:set-role',
  'team:make-code',
  'team:entry-who',
  'updates:status',
  'updates:check',
  'updates:set-channel',
  'updates:restart',
  'addressBook:list',
  'addressBook:add',
  'addressBook:remove',
  'withdrawalRules:get',
  'withdrawalRules:set-book-only',
  'withdrawalRules:set-limit',
  'team:invoice-who',
  'reconcile:people',
  'team:choose-ca',
  'passphrase:status',
  'passphrase:set',
  // Books exports (issue 29): a period or a reconciliation session, in an accountant's format.
  'books:export',
  // The Region setting (issue 29): numbers on screen in the person's form, separate from the language.
  'settings:region',
  'settings:set-region',
  // The printable reconciliation report of a closed session (issue 29).
  'reconcile:print',
  'approvals:queue',
  'approvals:approve',
  'approvals:reject',
  'approvals:submit',
  'approvals:audit-export',
  // The approval policy, the team's address book, treasury desks and groups (issue 28 items 2, 4, 5).
  'approvals:policy-get',
  'approvals:policy-save-draft',
  'approvals:policy-preview',
  'approvals:policy-publish',
  'teamBook:list',
  'teamBook:propose',
  'teamBook:approve',
  'teamBook:remove',
  'team:access',
  'team:set-treasury-desk',
  'team:set-group-member',
  'approvals:send',
  'team:treasury-keys',
  // Issue 28 item 1 and 3: which way the Withdrawals screen ends; the count of approvals waiting.
  'withdrawals:path',
  'approvals:waiting',
  // Issue 28 item 1: an admin adds or takes away approver and auditor beside a person's level.
  'team:grant-role',
] as const;

export const EVENT_CHANNELS = [
  'rates:tick',
  'journal:changed',
  'webhook:received',
  'clock:skew',
  'connection:status',
  'profiles:changed',
  'webhooks:import-progress',
  'webhooks:imported',
  'notification:toast',
  'app:menu',
  'lock:changed',
  'team:status',
  'updates:changed',
  'team:changed',
  'approvals:changed',
] as const;

export type InvokeChannel = (typeof INVOKE_CHANNELS)[number];
export type EventChannel = (typeof EVENT_CHANNELS)[number];

type Camel<S extends string> = S extends `${infer A}-${infer B}` ? `${A}${Capitalize<Camel<B>>}` : S;
/** "invoices:card-order" → "invoices". */
export type GroupOf<C> = C extends `${infer G}:${string}` ? G : never;
/** "invoices:card-order" → "cardOrder". */
export type VerbOf<C> = C extends `${string}:${infer V}` ? Camel<V> : never;

/** Where a channel's verb sits on `window.merchant`: "invoices:card-order" → ["invoices", "cardOrder"]. */
export function verbPath<C extends InvokeChannel>(channel: C): [GroupOf<C>, VerbOf<C>] {
  const [group, verb = ''] = channel.split(':');
  return [group, verb.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] as [
    GroupOf<C>,
    VerbOf<C>,
  ];
}

/** The channel behind a verb on `window.merchant`: ("invoices", "cardOrder") → "invoices:card-order". */
export function channelOfVerb(group: string, verb: string): string {
  return `${group}:${verb.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}
