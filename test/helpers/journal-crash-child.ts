import { canonicalJson } from '@main/protocol/canonical';
import { openJournal } from '@main/storage/sqlite/journal';

// The app's write path in miniature: journal first, then send, then record the answer.
// The parent test kills this process with SIGKILL while the request is in flight.
const [file, url] = process.argv.slice(2);
if (!file || !url) throw new Error('usage: journal-crash-child.ts <journal file> <url>');

const journal = openJournal(file);
const body = { network: 'tron', coin: 'usdt', amount: '125.50', to_address: 'TXYZabc123' };
const id = journal.begin('createWithdrawal', { profileId: 'p-live', environment: 'live', requestBody: body });
process.stdout.write(`began ${id}\n`);
const response = await fetch(url, {
  method: 'POST',
  body: canonicalJson(body),
  headers: { 'content-type': 'application/json' },
});
journal.settle(id, { outcome: 'accepted', response: await response.json() });
process.stdout.write('settled\n');
journal.close();
