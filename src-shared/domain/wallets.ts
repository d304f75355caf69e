import { z } from 'zod';
import { JournalEntryView } from './journal';
import { Id } from './wire';

/** A wallet record id, as embedded in the service's qr_code_url (not the blockchain address). */
export const WalletId = z.object({ walletId: Id });

/** A wallet created from this desk: its journal entry and the label the desk kept for it. */
export const WalletEntry = z.object({ entry: JournalEntryView, label: z.string().nullable() });
export type WalletEntry = z.infer<typeof WalletEntry>;
export const WalletList = z.object({ wallets: z.array(WalletEntry) });

/** Where the QR code was saved, or null when the person cancelled the save dialog. */
export const SavedQr = z.object({ path: z.string().nullable() });
