export { checkAddress } from './check-address';
export { groupAddress } from './text';
export type { AddressCheck, AddressFormat } from './types';
