import { ErrorNotice } from '../components/StateViews';
import { formatDecimal, formatUsd } from '@shared/money/display';
import { useRegionStore } from '../stores/region-store';

/** The Regions offered; any other tag Intl knows is accepted by main too. */
const REGIONS: [string, string][] = [
  ['en-US', 'United States (1,234.56)'],
  ['en-GB', 'United Kingdom (1,234.56)'],
  ['de-DE', 'Germany (1.234,56)'],
  ['de-CH', 'Switzerland'],
  ['fr-FR', 'France (1 234,56)'],
  ['es-ES', 'Spain'],
  ['it-IT', 'Italy'],
  ['nl-NL', 'Netherlands'],
  ['pt-BR', 'Brazil'],
  ['ja-JP', 'Japan (1,234.56)'],
  ['en-IN', 'India (12,34,567.89)'],
];

const WORDS = {
  title: 'Region',
  label: 'How numbers are written',
  neutral: 'Not set (1,234.56)',
  help: 'Only how amounts and figures look on screen. Exports, the journal and what is sent to the service stay in one neutral form (1234.56); type amounts with a dot.',
  sample: 'Sample',
  failed: 'The Region was not saved.',
} as const;

/** Settings → Region (issue 29): separate from the language; main keeps it with the desk's settings. */
export function RegionSetting() {
  const region = useRegionStore((s) => s.region);
  const busy = useRegionStore((s) => s.busy);
  const error = useRegionStore((s) => s.error);
  return (
    <section className="panel region-setting" aria-labelledby="region-title" data-testid="region-setting">
      <h2 id="region-title">{WORDS.title}</h2>
      <div className="field">
        <label htmlFor="region-select">{WORDS.label}</label>
        <select
          id="region-select"
          value={region ?? ''}
          disabled={busy}
          onChange={(e) => void useRegionStore.getState().choose(e.target.value || null)}
          data-testid="region-select"
        >
          <option value="">{WORDS.neutral}</option>
          {REGIONS.map(([tag, name]) => (
            <option key={tag} value={tag}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <p className="muted">{WORDS.help}</p>
      <p data-testid="region-sample">
        {WORDS.sample}: {formatDecimal('1234567.891')} USDT · {formatUsd('-1234.5')}
      </p>
      {error && <ErrorNotice title={WORDS.failed} error={error} />}
    </section>
  );
}
