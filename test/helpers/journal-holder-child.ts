import { openJournal } from '@main/storage/sqlite/journal';

// Another process with the journal open (a second desk, a backup tool): holds it until stdin closes.
const file = process.argv[2];
if (!file) throw new Error('usage: journal-holder-child.ts <journal file>');
const journal = openJournal(file);
process.stdout.write('holding\n');
process.stdin.resume();
process.stdin.on('end', () => {
  journal.close();
  process.exit(0);
});
