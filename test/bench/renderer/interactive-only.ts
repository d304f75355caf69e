// The shell-interactive figures alone (the app with and without the stand-in preload, door.ts,
// beside the bare React page), to check a change to the start without the whole renderer run.
// Needs `npm run build:e2e` first. BENCH_START_RUNS: cold loads per judged page (default 101);
// BENCH_RUNS: per test-host load and per profiled or traced load (default 31).
// BENCH_PROFILE=1: instead, a sampled CPU profile of the host page's cold loads up to the shell,
// self time per script and the heaviest functions (build the renderer unminified to read names).
// BENCH_CPU=1: instead, the main thread's CPU time per phase of the judged pages (start-cpu.ts).
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { startHost } from '@test/system/e2e/host/server';
import { BARE_OUT_DIR } from '../bare-react/vite.config';
import { medianRatioInterval } from '../stats';
import { DOOR_SCRIPT } from '../electron-door/vite.config';
import { launchChromium, newBenchContext } from './browser';
import { benchConfig } from './config';
import { startTargets, startTimes, type LoadTarget } from './interactive';
import { startCpu } from './start-cpu';
import { buildStartPages } from './start-pages';

const APP_OUT_DIR = fileURLToPath(new URL('../../../out/renderer', import.meta.url));

async function cpu(browser: Browser, targets: LoadTarget[]): Promise<void> {
  const result = [...(await startCpu(browser, targets, benchConfig().loads))];
  const phases = Object.keys(result[0]![1]);
  console.log(`median ms per load   ${result.map(([t]) => t.probes[0]!.padStart(14)).join('')}`);
  for (const phase of phases)
    console.log(`${phase.padEnd(38)}${result.map(([, b]) => b[phase]!.toFixed(1).padStart(14)).join('')}`);
}

async function figures(browser: Browser, hostUrl: string): Promise<void> {
  await buildStartPages();
  const dirs = { host: hostUrl, bareDir: BARE_OUT_DIR, appDir: APP_OUT_DIR, preload: DOOR_SCRIPT };
  // Thread time: the judged pages only (the host page's server shares this machine's cores).
  if (process.env.BENCH_CPU === '1') return await cpu(browser, startTargets(dirs).judged);
  const { startLoads, loads } = benchConfig();
  const tti = await startTimes(browser, dirs, { judged: startLoads, host: loads });
  const bare = tti.bare!;
  for (const [probe, result] of Object.entries(tti)) {
    const [low, high] = medianRatioInterval(result.runs, bare.runs);
    console.log(
      `${probe.padEnd(10)} median ${result.medianMs.toFixed(1).padStart(7)} ms  ` +
        `${(result.medianMs / bare.medianMs).toFixed(2)}× bare (95%: ${low.toFixed(2)}-${high.toFixed(2)})  ` +
        `runs ${result.runs.join(' ')}`,
    );
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

async function profile(browser: Browser, hostUrl: string): Promise<void> {
  const loads = benchConfig().loads;
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  for (let i = 0; i <= loads; i++) {
    const context = await newBenchContext(browser);
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(hostUrl);
      await page.waitForSelector('main [data-testid="loading"], main section.screen');
      const { profile: cpu } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      if (i === 0) continue; // warm-up
      const nodes = new Map(cpu.nodes.map((n) => [n.id, n.callFrame]));
      cpu.samples.forEach((id, k) => {
        const frame = nodes.get(id)!;
        const ms = (cpu.timeDeltas[k + 1] ?? 0) / 1000 / loads;
        const script = frame.url.replace(/^https?:\/\/[^/]+/, '') || `(${frame.functionName || 'native'})`;
        add(byScript, script, ms);
        add(byFunction, `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}`, ms);
      });
    } finally {
      await context.close();
    }
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `${ms.toFixed(1).padStart(7)} ms  ${key}`)
      .join('\n');
  console.log(`self time per load, by script:\n${top(byScript, 12)}\n\nby function:\n${top(byFunction, 25)}`);
}

async function main(): Promise<void> {
  const host = await startHost();
  const browser = await launchChromium();
  try {
    await (process.env.BENCH_PROFILE === '1' ? profile : figures)(browser, host.url);
  } finally {
    await browser.close();
    await host.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
