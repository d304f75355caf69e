import type { ControlGroup } from './sandbox-store';

/** Each group's panel: its title, and in a sentence what its controls do to the Sandbox. */
export const GROUP_WORDS: Record<ControlGroup, { title: string; intro: string }> = {
  invoices: {
    title: 'Invoices',
    intro:
      'Pretend a customer paid, or let an invoice run out. Its webhook reaches this desk as it would from the service.',
  },
  withdrawals: {
    title: 'Withdrawals',
    intro: 'Finish a withdrawal the way the network would. The journal entry settles from its webhook.',
  },
  deposits: {
    title: 'Deposit to a wallet',
    intro: 'A payer sends coins to one of this desk’s wallets. The deposit’s webhook then reaches the desk.',
  },
  balances: {
    title: 'Balances',
    intro: 'Top up the Sandbox balance to rehearse withdrawals.',
  },
  faults: {
    title: 'Faults',
    intro:
      'Make the next request of an operation fail, to see what the desk shows and that nothing is sent twice.',
  },
  clock: {
    title: 'Clock & webhooks',
    intro:
      "Move the Sandbox's time so invoices expire and withdrawals move on; check that webhooks arrive. The Sandbox's time is its own: this computer's clock and other profiles are not affected.",
  },
  reset: {
    title: 'Start over',
    intro:
      'Put the Sandbox back as it was at the start: its play money, no invoices, withdrawals, wallets or pending faults, and its clock with the real time.',
  },
};
