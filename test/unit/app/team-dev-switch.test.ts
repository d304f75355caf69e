import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEAM_DEV_VARIABLE, teamDevSwitch } from '@main/app/team-dev-switch';

const on = { [TEAM_DEV_VARIABLE]: '1' };

describe('teamDevSwitch', () => {
  it('is on only when set to 1 in a build that is not packaged', () => {
    expect(teamDevSwitch(on, false)).toBe(true);
    expect(teamDevSwitch({}, false)).toBe(false);
    expect(teamDevSwitch({ [TEAM_DEV_VARIABLE]: 'true' }, false)).toBe(false);
  });

  it('a packaged build ignores it and says so', () => {
    const lines: string[] = [];
    expect(teamDevSwitch(on, true, (line) => lines.push(line))).toBe(false);
    expect(lines).toEqual([expect.stringContaining(`${TEAM_DEV_VARIABLE} is set and ignored`)]);
    expect(teamDevSwitch({}, true, (line) => lines.push(line))).toBe(false);
    expect(lines).toHaveLength(1);
  });

  it('is the only place in main that reads the variable', () => {
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && readFileSync(path, 'utf8').includes(TEAM_DEV_VARIABLE))
          readers.push(path.slice(path.indexOf('src-main')));
      }
    };
    walk(join(__dirname, '../../../src-main'));
    expect(readers).toEqual(['src-main/app/team-dev-switch.ts']);
  });
});
