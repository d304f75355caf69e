import { z } from 'zod';
import { CreateInvoiceInput, InvoiceCodeValue, WithdrawalRequest } from '@shared/domain/operations';
import { Code, Email, HttpsUrl } from '@shared/domain/wire';
import { describeFieldErrors, zodFieldErrors } from '@shared/field-errors';
import { isDecimalString, isZero } from './decimal';
import { requestError, type ApiError } from './errors';

/**
 * Request schemas, checked before anything is signed or sent. The field rules are the domain's
 * (@shared/domain/operations, the same the IPC contract checks); this layer adds only the thresholds
 * it owns. An address is sent exactly as given: the domain rule refuses surrounding or inner
 * whitespace instead of trimming it.
 */

/** The invoice minimum is in the shared schema itself (the renderer's form checks the same rule). */
export const createInvoiceInput = CreateInvoiceInput;
export type { CreateInvoiceInput } from '@shared/domain/operations';

export const createWithdrawalInput = WithdrawalRequest.refine(
  (v) => !isDecimalString(v.amount) || !isZero(v.amount),
  { path: ['amount'], message: 'must be greater than 0' },
);
export type CreateWithdrawalInput = z.input<typeof createWithdrawalInput>;

/** Only coin, network and webhook_url are documented; other fields (a label) go through as given. */
export const createWalletAddressInput = z.looseObject({
  coin: Code,
  network: Code,
  webhook_url: HttpsUrl.optional(),
});
export type CreateWalletAddressInput = z.input<typeof createWalletAddressInput>;

export const providerCardOrderInput = z.strictObject({
  invoiceCode: InvoiceCodeValue,
  email: Email.nullable().optional(),
});
export type ProviderCardOrderInput = z.input<typeof providerCardOrderInput>;

export const pathParam = z.string().min(1, 'is required');

/** Parses input or throws a 'request' ApiError whose fieldErrors name each bad field. */
export function parseInput<S extends z.ZodType>(operation: string, schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw inputError(operation, result.error);
}

function inputError(operation: string, error: z.ZodError): ApiError {
  const fieldErrors = zodFieldErrors(error);
  return requestError(
    operation,
    `Nothing was sent: ${describeFieldErrors(fieldErrors)}. Correct the form and try again.`,
    fieldErrors,
  );
}
