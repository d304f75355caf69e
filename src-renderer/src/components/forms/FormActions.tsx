import { useId, type ReactNode } from 'react';
import { isBuiltInSandbox } from '@shared/domain/profile';
import { EnvironmentNote } from '../EnvironmentNote';
import type { MoneyEnvironment } from '../QrCode';
import { READ_ONLY_JOURNAL_WORDS, useReadOnlyJournal } from './read-only-journal';
import { SubmitButton } from './SubmitButton';

/** The active profile as a money surface names it (UX rule 2). */
export interface MoneyProfile {
  id: string;
  baseUrl: string;
  name: string;
  environment: MoneyEnvironment;
  merchantId: string;
}

/** The fields of a profile a money surface names, and from which it tells the built-in Sandbox apart. */
export const moneyProfileOf = (p: MoneyProfile): MoneyProfile => ({
  id: p.id,
  baseUrl: p.baseUrl,
  name: p.name,
  environment: p.environment,
  merchantId: p.merchantId,
});

/** The environment line for a profile: "LIVE · Acme EU · merchant 4f2a…9c1d" or "SANDBOX · play money". */
export function ProfileNote({ profile }: { profile: MoneyProfile }) {
  return (
    <EnvironmentNote
      environment={profile.environment}
      builtInSandbox={isBuiltInSandbox(profile)}
      profileName={profile.name}
      merchantId={profile.merchantId}
    />
  );
}

/**
 * A form's buttons in one row. With a profile, the environment line stands right after them, next to
 * the primary button of every money form and confirmation (UX rule 2).
 */
export function FormActions({ profile, children }: { profile?: MoneyProfile; children: ReactNode }) {
  const readOnly = useReadOnlyJournal();
  const reasonId = useId();
  // A money form while the journal is read-only: its buttons are off, and the reason stands under them
  // (main refuses the write anyway; this says so before anyone fills the form in).
  if (profile && readOnly)
    return (
      <>
        <div className="form__actions">
          <fieldset className="form__locked" disabled aria-describedby={reasonId}>
            {children}
          </fieldset>
          <ProfileNote profile={profile} />
        </div>
        <p id={reasonId} className="form__read-only" data-testid="money-read-only">
          {READ_ONLY_JOURNAL_WORDS}
        </p>
      </>
    );
  return (
    <div className="form__actions">
      {children}
      {profile && <ProfileNote profile={profile} />}
    </div>
  );
}

/** The actions of a money form whose one button sends it: that button, then the environment line. */
export function MoneySubmit({
  profile,
  busy,
  busyText,
  testId,
  children,
}: {
  profile: MoneyProfile;
  busy: boolean;
  busyText: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <FormActions profile={profile}>
      <SubmitButton busy={busy} busyText={busyText} testId={testId}>
        {children}
      </SubmitButton>
    </FormActions>
  );
}
