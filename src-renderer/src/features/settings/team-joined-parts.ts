/**
 * What Settings shows only on a team's desk: its administration, the policy editor and the team's
 * address book. One chunk, loaded when a joined desk first draws them (TeamSettings.tsx,
 * AddressBookSetting.tsx), so a desk alone never downloads them with its Settings.
 */
export { ApprovalPolicy } from './ApprovalPolicy';
export { TeamAccessAdmin } from './TeamAccessAdmin';
export { TeamAdmin } from './TeamAdmin';
export { TeamAddressBook } from './TeamAddressBook';
