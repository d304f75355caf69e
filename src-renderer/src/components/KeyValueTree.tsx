import { isRecord } from '../lib/shape';
import { humanizeKey, leafText } from '../lib/humanize';

const MAX_DEPTH = 6;

/**
 * Renders JSON whose field names we do not know in advance (fee settings, extra balance fields) as
 * nested labelled sections, keeping every value as written. Depth is capped so a hostile payload
 * cannot build an unbounded DOM.
 */
export function KeyValueTree({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (depth >= MAX_DEPTH) return <code className="kv__json">{JSON.stringify(value)}</code>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="kv__empty">none</span>;
    return (
      <ol className="kv__list">
        {value.map((item, i) => (
          <li key={i}>
            <KeyValueTree value={item} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return <span className="kv__empty">none</span>;
    return (
      <dl className={`kv kv--depth-${Math.min(depth, 3)}`}>
        {entries.map(([key, child]) => (
          <div key={key} className={isRecord(child) || Array.isArray(child) ? 'kv__group' : 'kv__pair'}>
            <dt title={key}>{humanizeKey(key)}</dt>
            <dd>
              <KeyValueTree value={child} depth={depth + 1} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span className="kv__leaf">{leafText(value)}</span>;
}
