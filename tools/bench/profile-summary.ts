import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Reads the .cpuprofile files that `BENCH_PROFILE=<dir>` leaves and prints, per process, where its
 * busy time went: by package (a node_modules package, one of ours, Node's own internals, GC) and
 * by function. Idle time is left out, so the shares are of the time the process was working.
 *
 *   npm run bench:profile -- <dir> [top functions, default 25]
 */
type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

const [dir, topArg] = process.argv.slice(2);
if (!dir) {
  console.error('Usage: bench:profile-summary <dir holding .cpuprofile files> [top]');
  process.exit(2);
}
const TOP = Number(topArg ?? 25);

for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
  summarize(join(dir, file), JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile);
}

function summarize(file: string, profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') {
      idle += ms;
      continue;
    }
    busy += ms;
    add(byPackage, packageOf(frame), ms);
    add(byFunction, `${frame.functionName || '(anonymous)'} ${where(frame)}`, ms);
  }
  console.log(`\n== ${basename(file)} (${processName(profile, byId)}) ==`);
  console.log(`busy ${(busy / 1000).toFixed(1)} s, idle ${(idle / 1000).toFixed(1)} s`);
  print('Self time by package', byPackage, busy, 20);
  print('Self time by function', byFunction, busy, TOP);
}

function print(title: string, totals: Map<string, number>, busy: number, top: number): void {
  console.log(`\n${title} (% of busy):`);
  for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * ms) / busy).toFixed(1).padStart(6)}%  ${name}`);
  }
}

/** The app's entry file names the process: gateway/dist/main.js, services/library/dist/main.js… */
function processName(profile: CpuProfile, byId: Map<number, ProfileNode>): string {
  for (const node of byId.values()) {
    const match = /\/((?:services\/)?[\w-]+)\/dist\/main\.js$/.exec(node.callFrame.url);
    if (match) return match[1];
  }
  return `${profile.nodes.length} nodes`;
}

function packageOf(frame: CallFrame): string {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const parts = url.slice(modules + 14).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const ours = /\/(proto|platform|gateway|services\/[\w-]+)\/(?:dist|src)\//.exec(url);
  return ours ? `(ours) ${ours[1]}` : url;
}

function where(frame: CallFrame): string {
  const url = frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/main\//, '');
  return url ? `${url}:${frame.lineNumber + 1}` : '';
}

function add(totals: Map<string, number>, key: string, ms: number): void {
  totals.set(key, (totals.get(key) ?? 0) + ms);
}
