/**
 * Runs the real server as a child process (`node server/main.ts`, or a test entry that adds
 * test-only routes), as an operator would: environment in, JSON log lines out, signals to stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CONFIG_DOCS } from '../../../server/config.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** How long a child may take to log "listening", in ms (PGlite init + migrations + pg-boss). */
const START_TIMEOUT_MS = 25_000;

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildRun {
  child: ChildProcess;
  /** stdout lines parsed as JSON (non-JSON lines are kept as `{ text }`). */
  logs: Array<Record<string, unknown>>;
  stdout(): string;
  stderr(): string;
  exited: Promise<ExitResult>;
}

/** Kills (SIGKILL) the runs still alive among `runs`, empties the list, and waits for every exit. */
export async function killAll(runs: ChildRun[]): Promise<void> {
  for (const run of runs.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.exited;
  }
}

export interface SpawnedServer extends ChildRun {
  port: number;
  baseUrl: string;
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<ExitResult>;
}

/** The child's environment: the parent's, minus every server variable, plus `env`. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const { name } of CONFIG_DOCS) delete base[name];
  return { ...base, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env };
}

/** Starts a child running `entry` (relative to the repository root). */
export function runChild(env: Record<string, string>, entry = 'server/main.ts'): ChildRun {
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let partial = '';
  const logs: Array<Record<string, unknown>> = [];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ text: line });
      }
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  // 'close', not 'exit': it comes after the child's output has been read to the end.
  const exited = new Promise<ExitResult>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  return { child, logs, stdout: () => out, stderr: () => err, exited };
}

/** Starts the server and resolves once it logged "listening" (within `startTimeoutMs`, default START_TIMEOUT_MS). */
export async function spawnServer(env: Record<string, string>, entry?: string, options: { startTimeoutMs?: number } = {}): Promise<SpawnedServer> {
  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  const run = runChild(env, entry);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      run.child.kill('SIGKILL');
      reject(new Error(`server did not start within ${startTimeoutMs} ms\n${run.stdout()}\n${run.stderr()}`));
    }, startTimeoutMs);
    const poll = setInterval(() => {
      const listening = run.logs.find((line) => line.msg === 'listening');
      if (listening) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(listening.port as number);
      }
    }, 20);
    // Once listening, the later exit settles nothing (the promise is already resolved).
    void run.exited.then(({ code }) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited (code ${code}) before listening\n${run.stdout()}\n${run.stderr()}`));
      return code;
    });
  });
  return {
    ...run,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM');
      return run.exited;
    },
  };
}
