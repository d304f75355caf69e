import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { setAsideUnreadable, writeFileAtomic } from '../../services/atomic-file';
import type { WalletLabelStore } from '../../storage/port/side-stores';

const Labels = z.record(z.string(), z.string());

export type WalletLabels = WalletLabelStore;

/**
 * The labels people give wallets, keyed by the wallet's journal entry id. The specification does not
 * name a label field, so the desk keeps it here instead of sending it to the service. Written whole
 * and atomically; an unreadable file counts as no labels (a label is a convenience, never money), and
 * is set aside first so that the next label saved does not overwrite the ones it may still hold.
 */
export function openWalletLabels(dataDir: string, onWarning: (line: string) => void): WalletLabels {
  const file = join(dataDir, 'wallet-labels.json');
  let labels: Record<string, string> = {};
  if (existsSync(file)) {
    const parsed = Labels.safeParse(safeJson(readFileSync(file, 'utf8')));
    if (parsed.success) labels = parsed.data;
    else
      onWarning(
        `wallet labels: the file could not be read; labels start empty, and it was kept as ${setAsideUnreadable(file)}`,
      );
  }
  return {
    get: async (journalId) => labels[journalId] ?? null,
    set: async (journalId, label) => {
      const next = { ...labels, [journalId]: label };
      writeFileAtomic(file, JSON.stringify(next));
      labels = next;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
