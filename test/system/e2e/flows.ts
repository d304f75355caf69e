import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The steps a person takes on the money screens and the Sandbox controls, written once for every spec
 * that needs an invoice, a withdrawal or a wallet made through the UI.
 */

export const USDT_TRON = 'USDT · TRON (TRC-20)';

/** Opens a screen from the navigation and waits until it has loaded (with or without records). */
export async function openScreen(app: Page, screen: 'invoices' | 'withdrawals' | 'wallets') {
  await app.getByTestId(`nav-${screen}`).click();
  await expect(app.getByTestId(`${screen}-screen`)).toHaveAttribute('data-state', /ready|empty/);
}

/** Creates an invoice on the Invoices screen and returns its code from the result card. */
export async function createInvoice(app: Page, amountUsd: string, pair = USDT_TRON): Promise<string> {
  await openScreen(app, 'invoices');
  await app.getByTestId('invoice-amount').fill(amountUsd);
  await app.getByTestId('invoice-pair').selectOption({ label: pair });
  await app.getByTestId('invoice-create').click();
  const code = app.getByTestId('invoice-result-code');
  await expect(code).toBeVisible();
  return (await code.innerText()).trim();
}

/** Fills the withdrawal form with a USDT on TRON amount and an address whose checksum verifies. */
export async function fillWithdrawal(app: Page, amount: string, address: string) {
  await openScreen(app, 'withdrawals');
  await app.getByTestId('withdrawal-pair').selectOption({ label: USDT_TRON });
  await app.getByTestId('withdrawal-amount').fill(amount);
  await app.getByTestId('withdrawal-address').fill(address);
  await expect(app.getByTestId('address-valid')).toContainText('Checksum verified');
}

/** Opens the review and types the address's first and last 6 characters, as the confirmation asks. */
export async function reviewWithdrawal(app: Page, address: string) {
  await app.getByTestId('withdrawal-review').click();
  await expect(app.getByRole('heading', { name: 'Review the withdrawal' })).toBeFocused();
  await app.getByTestId('review-confirm-start').fill(address.slice(0, 6));
  await app.getByTestId('review-confirm').fill(address.slice(-6));
}

/** The whole send: form, review, confirmation, and the Send button. */
export async function sendWithdrawal(app: Page, amount: string, address: string) {
  await fillWithdrawal(app, amount, address);
  await reviewWithdrawal(app, address);
  await app.getByRole('button', { name: `Send ${amount} USDT` }).click();
}

/** The withdrawal id the Withdrawals screen shows on its row once the service named it. */
export async function shownWithdrawalId(app: Page, address: string): Promise<string> {
  const row = app
    .getByTestId('withdrawal-row')
    .filter({ hasText: address.slice(-4) })
    .first();
  await expect(row).toContainText(/withdrawal id \S+/, { timeout: 20_000 });
  return /withdrawal id (\S+)/.exec((await row.textContent()) ?? '')![1]!;
}

/** Creates a wallet on the Wallets screen and waits for the outcome the test expects. */
export async function createWallet(
  app: Page,
  label: string,
  outcome: 'wallet-result' | 'wallet-unknown' | 'wallet-limit' = 'wallet-result',
) {
  await openScreen(app, 'wallets');
  await app.getByTestId('wallet-pair').selectOption({ label: USDT_TRON });
  await app.getByTestId('wallet-label').fill(label);
  await app.getByTestId('wallet-create').click();
  await expect(app.getByTestId(outcome)).toBeVisible();
  if (outcome === 'wallet-result')
    await expect(app.getByTestId(outcome)).toContainText(`Wallet created: ${label}`);
}

/** Fills one group of the Sandbox controls screen, presses its button and waits for its result. */
export async function sandboxAct(
  app: Page,
  group: string,
  fill: Record<string, string>,
  button: string | RegExp,
) {
  await app.getByTestId('nav-sandbox').click();
  const panel = app.getByTestId(`sandbox-group-${group}`);
  for (const [label, value] of Object.entries(fill)) await panel.getByLabel(label).fill(value);
  await panel.getByRole('button', { name: button }).click();
  await expect(app.getByTestId(`sandbox-result-${group}`)).toBeVisible();
}

/** Completes a withdrawal on the Sandbox controls screen (its webhook then reaches the desk). */
export async function completeWithdrawalInSandbox(app: Page, withdrawalId: string) {
  await sandboxAct(app, 'withdrawals', { 'Withdrawal id': withdrawalId }, 'Complete');
  await expect(app.getByTestId('sandbox-result-withdrawals')).toContainText(withdrawalId);
}

/** Queues a fault for the next request of one operation on the Sandbox controls screen. */
export async function queueFaultOnScreen(app: Page, operation: string, how: string) {
  await app.getByTestId('nav-sandbox').click();
  const faults = app.getByTestId('sandbox-group-faults');
  await faults.getByLabel('Operation').selectOption({ label: operation });
  await faults.getByLabel('How it fails').selectOption({ label: how });
  await faults.getByLabel('For how many requests').fill('1');
  await faults.getByRole('button', { name: 'Add fault' }).click();
  await expect(app.getByTestId('sandbox-faults')).toContainText(operation);
}
