import { journeysOfEveryKindOfPerson, spokenSample } from '@innerecho/embedded';
import {
  REPOSITORY_ROOT as THIS_CODE,
  startDistributedTestSystem,
  type CheckoutCode,
  type DistributedTestSystem,
  type ServiceProcess,
} from '@innerecho/distributed';
import type { Release } from '@innerecho/kit';

/** A part at the new code or at the last release. */
type Side = 'new' | 'released';

export interface MixedRun {
  /** What ran: e.g. "library new, the rest at 2026.11.28". */
  label: string;
  /** Seconds to swap the part in (stop one process, start the other, until ready) and back. */
  swapSeconds: number;
  journeySeconds: number;
  error?: string;
}

export interface MixedRunOptions {
  release: Release;
  /** The last release's code, installed. */
  releasedCode: string;
  /** Parts whose code changed since the release (the gateway and service names); new parts are among them. */
  changed: string[];
  log: (line: string) => void;
}

/**
 * Every changed part at the new code beside the others at the last release, and the reverse,
 * on one database and one NATS, swapping one process at a time as a deploy does:
 * 1. every part at the last release (a part it did not have at the new code) on the schema the
 *    new code's migration step left: the last release's code against the migrated schema;
 * 2. each changed part in turn at the new code, the others at the release;
 * 3. every part at the new code, then each changed part in turn back at the release.
 * The journeys of every kind of person run through the gateway after each arrangement.
 */
export class MixedVersions {
  private readonly runs: MixedRun[] = [];
  private sample: Uint8Array | null = null;

  private constructor(
    private readonly options: MixedRunOptions,
    private readonly system: DistributedTestSystem,
  ) {}

  /** Starts every part at the last release (step 1's arrangement), migrated by the new code's migration step. */
  static async start(options: MixedRunOptions): Promise<MixedVersions> {
    const started = Date.now();
    const codeFor = codeChooser(options);
    const system = await startDistributedTestSystem({
      codeOf: (part) => codeFor(part, 'released'),
      // The journeys run on the demo checkout and the local voice engine, as a fresh install does.
      serviceEnv: { STRIPE_SECRET_KEY: '', ELEVENLABS_API_KEY: '', OIDC_ISSUER: '' },
    });
    options.log(`every part at release ${options.release.name} (new parts at the new code) started in ${seconds(Date.now() - started)} s`);
    return new MixedVersions(options, system);
  }

  /** The OpenAPI document the release's gateway serves. */
  async openApiOfRelease(): Promise<unknown> {
    const res = await fetch(`${this.system.url}/api/openapi.json`);
    if (!res.ok) throw new Error(`the release's gateway answered ${res.status} for /api/openapi.json`);
    return res.json();
  }

  /** Runs the three steps; a part that cannot be swapped in ends the runs (what follows would not be what it says). */
  async runAll(): Promise<MixedRun[]> {
    const { release, changed } = this.options;
    this.sample ??= new Uint8Array(await spokenSample());
    const paired = changed.filter((part) => release.parts[part]);
    try {
      await this.journeys(`every part at ${release.name}, on the migrated schema`, 0);
      for (const part of paired) {
        const there = await this.swap(part, 'new');
        await this.journeys(`${part} new, the rest at ${release.name}`, there);
        this.runs[this.runs.length - 1].swapSeconds += await this.swap(part, 'released');
      }
      for (const part of changed) await this.swap(part, 'new');
      for (const part of paired) {
        const there = await this.swap(part, 'released');
        await this.journeys(`${part} at ${release.name}, the rest new`, there);
        this.runs[this.runs.length - 1].swapSeconds += await this.swap(part, 'new');
      }
    } catch (error) {
      this.runs.push({ label: 'swapping a part', swapSeconds: 0, journeySeconds: 0, error: String(error) });
      this.options.log(`FAILED swapping a part: ${String(error)}`);
    }
    return this.runs;
  }

  stop() {
    return this.system.stop();
  }

  private processOf(part: string): ServiceProcess {
    const { system } = this.system;
    return part === 'gateway' ? system.gateway : system.services[part as keyof typeof system.services].instances[0];
  }

  private async swap(part: string, side: Side) {
    const started = Date.now();
    await this.processOf(part).replaceWith(codeChooser(this.options)(part, side));
    return seconds(Date.now() - started);
  }

  private async journeys(label: string, swapSeconds: number) {
    const started = Date.now();
    const run: MixedRun = { label, swapSeconds, journeySeconds: 0 };
    try {
      await journeysOfEveryKindOfPerson(this.system.url, { admin: this.system.admin, sample: this.sample!, eventWaitMs: 120_000 });
    } catch (error) {
      run.error = error instanceof Error ? error.message : String(error);
    }
    run.journeySeconds = seconds(Date.now() - started);
    this.runs.push(run);
    this.options.log(`${run.error ? 'FAILED' : 'ok'} ${label}: journeys ${run.journeySeconds} s${run.error ? `: ${run.error}` : ''}`);
  }
}

/** A part's code on each side: the release's checkout (reporting its recorded version), or this one; a part the release lacks is always new. */
const codeChooser =
  ({ release, releasedCode }: MixedRunOptions) =>
  (part: string, side: Side): CheckoutCode =>
    side === 'released' && release.parts[part]
      ? { root: releasedCode, env: { INNERECHO_VERSION: release.parts[part].version } }
      : { root: THIS_CODE };

const seconds = (ms: number) => Math.round(ms / 100) / 10;
