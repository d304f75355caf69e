import type { ReactNode } from 'react';
import { bindValue } from './bind';
import { ChoiceOptions, SelectField } from './Field';

/** One coin on one network, as a pick list names it: "USDT · TRON (TRC-20)". */
export interface PairChoice {
  key: string;
  label: string;
}

/** The coin-and-network pick list of a money form: nothing chosen until the person picks. */
export function PairField({
  id,
  pairs,
  value,
  onValue,
  error,
  hint,
  hintGivesWay,
  testId,
}: {
  id: string;
  pairs: readonly PairChoice[];
  value: string;
  onValue: (key: string) => void;
  error: string | undefined;
  hint: ReactNode;
  hintGivesWay?: boolean;
  testId: string;
}) {
  return (
    <SelectField
      id={id}
      label="Coin and network"
      {...bindValue(value, onValue)}
      {...{ error, hint, hintGivesWay }}
      data-testid={testId}
    >
      <ChoiceOptions empty="Choose…" choices={pairs.map((p) => ({ value: p.key, label: p.label }))} />
    </SelectField>
  );
}
