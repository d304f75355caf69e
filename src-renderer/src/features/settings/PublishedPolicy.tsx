import type { PolicyView } from '@contract';
import { ruleWords } from '@shared/domain/approval-policy-words';
import { formatZonedDateTime } from '../../lib/zoned-time';

/** The published policy in words, as main's confirmation said it when it was published. */
export function PublishedPolicy({ published }: { published: PolicyView['published'] }) {
  if (!published)
    return (
      <p data-testid="policy-none">
        No approval policy is published yet: withdrawals cannot be submitted for approval until an admin
        publishes one.
      </p>
    );
  return (
    <div data-testid="policy-published">
      <p className="muted">
        Version {published.version}, published by {published.publishedBy}{' '}
        {formatZonedDateTime(published.publishedAt)}. The first rule that matches a withdrawal decides; a
        withdrawal no rule matches is blocked.
      </p>
      <ol className="policy-words">
        {published.rules.map((rule, i) => (
          <li key={i}>{ruleWords(rule, i)}</li>
        ))}
      </ol>
    </div>
  );
}
