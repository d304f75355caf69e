/**
 * The names of every channel, without their schemas: all the bridge needs to build `window.merchant`.
 * The preload runs before any page script, so it must not build the contract's zod schemas up front
 * (about 70 ms of a cold start in Chromium): the schemas load on the first answer or push (see
 * contract/lazy.ts). contract.ts checks at compile time that its channel maps have exactly these keys.
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
  'reconcile:start',
  'reconcile:get',
  'reconcile:list',
  'reconcile:review',
  'reconcile:close',
  'reconcile:export',
  'app:about',
  'diagnostics:export',
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
] as const;

export type InvokeChannel = (typeof INVOKE_CHANNELS)[number];
export type EventChannel = (typeof EVENT_CHANNELS)[number];
