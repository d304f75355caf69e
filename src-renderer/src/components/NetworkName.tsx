import { networkLabel } from '../lib/network-names';

/** A network by its catalog display name, with the code in the tooltip: "TRON (TRC-20)". */
export function NetworkName({ code, names }: { code: string; names: ReadonlyMap<string, string> }) {
  const label = networkLabel(names, code);
  return (
    <span className="network-name" title={label === code ? undefined : `Network code: ${code}`}>
      {label}
    </span>
  );
}
