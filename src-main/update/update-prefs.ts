import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UpdateChannel } from '@shared/domain/updates';
import { writeFileAtomic } from '../services/atomic-file';

const PrefsFile = z.strictObject({ version: z.literal(1), channel: UpdateChannel });

export interface UpdatePrefs {
  channel(): UpdateChannel;
  setChannel(channel: UpdateChannel): UpdateChannel;
}

/**
 * The desk's update channel, in updates.json beside the settings. A file that cannot be read means
 * the stable channel (the cautious one) and is reported; it is replaced at the next choice.
 */
export function openUpdatePrefs(dataDir: string, onWarning: (line: string) => void): UpdatePrefs {
  const file = join(dataDir, 'updates.json');
  let channel: UpdateChannel = 'stable';
  if (existsSync(file)) {
    try {
      channel = PrefsFile.parse(JSON.parse(readFileSync(file, 'utf8'))).channel;
    } catch (error) {
      onWarning(`updates.json could not be read, the stable channel is used: ${String(error)}`);
    }
  }
  return {
    channel: () => channel,
    setChannel(next) {
      writeFileAtomic(file, `${JSON.stringify({ version: 1, channel: next }, null, 2)}\n`);
      channel = next;
      return channel;
    },
  };
}
