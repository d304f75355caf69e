import { Badge } from './Badge';

type Column = string | { label: string; numeric: true };

/** A table's column headings; numeric columns align right, like their figures. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" className="num">
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** Whether deposits or withdrawals are on. Off is a fact to notice, not an error: amber, in words. */
export function OnOff({ value, what }: { value: boolean | null; what: string }) {
  if (value === null) return <span className="muted">Not stated</span>;
  return value ? (
    <span className="fee-on">On</span>
  ) : (
    <Badge tone="warn" testId="fee-off">
      Off<span className="visually-hidden"> — {what} disabled</span>
    </Badge>
  );
}

export const num = (label: string): Column => ({ label, numeric: true });
