import type { MoneyEnvironment } from '../../components/QrCode';

/** The active profile as a money surface names it (UX rule 2). */
export interface ActiveProfile {
  name: string;
  environment: MoneyEnvironment;
  merchantId: string;
}
