import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface LintMessage {
  ruleId: string | null;
  message: string;
}

interface Answer {
  id: number;
  messages?: LintMessage[];
  config?: string;
  error?: string;
}

/**
 * ESLint run as its CLI runs in one folder (`nx lint` runs it in the project's folder), in a
 * process that stays up, so that each probe costs a lint and not a start: loading the flat
 * config with Nx's plugin and the TypeScript parser takes seconds, linting a probe
 * milliseconds. The process is Node's own, not jest's VM, which cannot import the .mjs configs.
 */
export class EslintProcess {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<number, (answer: Answer) => void>();
  private nextId = 0;

  constructor(readonly cwd: string) {
    this.child = fork(path.join(__dirname, 'eslint-server.mjs'), [], {
      cwd,
      execArgv: [],
      // ESLint's and Nx's warnings (a missing project graph, say) show in the test's output.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (answer: Answer) => this.waiting.get(answer.id)?.(answer));
    this.child.on('exit', (code, signal) => {
      const error = `eslint in ${cwd} stopped (${signal ?? `exit code ${code}`})`;
      for (const answer of this.waiting.values()) answer({ id: -1, error });
    });
  }

  /** What ESLint says of `source` as `file`: `eslint --stdin --stdin-filename file`. */
  async lint(file: string, source: string): Promise<LintMessage[]> {
    const { messages } = await this.ask({ file, source });
    return messages!;
  }

  /** The config ESLint lints `file` with: `eslint --print-config file`. */
  async printConfig(file: string): Promise<unknown> {
    const { config } = await this.ask({ file });
    return JSON.parse(config!);
  }

  stop(): void {
    if (this.child.connected) this.child.disconnect();
  }

  private ask(request: { file: string; source?: string }): Promise<Answer> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (answer) => {
        this.waiting.delete(id);
        if (answer.error) reject(new Error(`eslint in ${this.cwd}: ${answer.error}`));
        else resolve(answer);
      });
      this.child.send({ id, ...request });
    });
  }
}
