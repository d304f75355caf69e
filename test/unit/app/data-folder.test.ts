import { describe, expect, it } from 'vitest';
import { chooseDataFolder, DATA_FOLDER_VARIABLE } from '@main/app/data-folder';

describe('chooseDataFolder', () => {
  it('a packaged build never takes its data folder from the environment, and says it ignored it', () => {
    expect(chooseDataFolder(true, { [DATA_FOLDER_VARIABLE]: '/tmp/theirs' })).toEqual({
      override: null,
      ignored: expect.stringMatching(/ignored/),
    });
    expect(chooseDataFolder(true, {})).toEqual({ override: null, ignored: null });
  });

  it('a development or test build uses the folder named, and the system one otherwise', () => {
    expect(chooseDataFolder(false, { [DATA_FOLDER_VARIABLE]: '/tmp/mine' })).toEqual({
      override: '/tmp/mine',
      ignored: null,
    });
    expect(chooseDataFolder(false, { [DATA_FOLDER_VARIABLE]: '' })).toEqual({
      override: null,
      ignored: null,
    });
  });
});
