import { useState } from 'react';
import type { TeamCode } from '@contract';
import { bindValue, EXACT_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { InlineForm } from '../../components/forms/InlineForm';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';

/**
 * An admin makes an enrollment code for a new desk of the team, and reads it out here; the code
 * stays shown while the team panel is open, even if the admin role goes meanwhile.
 */
export function EnrollDesk({
  admin,
  onError,
  onDone,
}: {
  admin: boolean;
  onError: (error: ErrorInfo) => void;
  /** After each try: the desks are read again. */
  onDone: () => unknown;
}) {
  const [code, setCode] = useState<TeamCode | null>(null);
  const [deskName, setDeskName] = useState('');
  const makeCode = async () => {
    const result = await callMerchant((api) => api.team.makeCode({ deskName, hours: 24 }));
    if (result.ok) {
      setCode(result.data);
      setDeskName('');
    } else onError(result.error);
    void onDone();
  };
  return (
    <>
      {admin && (
        <InlineForm className="team-code" label="Enroll a desk" onSubmit={makeCode}>
          <Field
            label="New desk’s name"
            hint="The code is for this desk only, once, within 24 hours"
            {...bindValue(deskName, setDeskName)}
            {...EXACT_TEXT}
          />
          <button type="submit" className="button" disabled={deskName.trim() === ''}>
            Make an enrollment code
          </button>
        </InlineForm>
      )}
      {code && (
        <p role="status" data-testid="team-code">
          Code for desk “{code.deskName}” (valid {code.hours} h, once):{' '}
          <code className="mono">{code.code}</code>
        </p>
      )}
    </>
  );
}
