/** Five Sandbox withdrawals whose outcome nobody knows, as main would list them (route fixtures). */
export const FIVE_UNKNOWN_WITHDRAWALS = ['71', '72', '73', '74', '75'].map((id, i) => ({
  id,
  operation: 'createWithdrawal',
  profileId: 'sandbox',
  environment: 'sandbox',
  state: 'unknown',
  createdAt: `2026-11-26T0${i}:00:00.000Z`,
  updatedAt: `2026-11-26T0${i}:00:00.000Z`,
  fields: {
    coin: 'usdt',
    network: 'tron',
    amount: `1${i}.5`,
    toAddress: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  },
  externalIds: {},
  settlement: null,
  resolution: null,
  response: null,
  error: null,
}));
