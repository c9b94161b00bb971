import { mkdirSync } from 'node:fs';
import { freePort } from '@innerecho/embedded';
import { RoundRobinBalancer } from './balancer';
import { gatewayEnvironment, serviceEnvironment, SERVICES, type ServiceName, type Wiring } from './environment';
import { ensureSecrets } from './secrets';
import { runMigrationStep, ServiceProcess, type CheckoutCode } from './service-process';

export interface DistributedOptions {
  wiring: Omit<Wiring, 'addresses'>;
  /** The gateway's port; 0 picks a free one. */
  gatewayPort: number;
  /** The gateway's operators' port (`/metrics`): compose's 9464 in `start:distributed`; unset picks a free one (tests run beside each other). */
  metricsPort?: number;
  /** Instances of every service (the gateway runs once). Above 1, each service's address is a round-robin balancer. */
  instances?: number;
  /**
   * Service ports: consecutive from `firstPort` in SERVICES order (4101 gives docker-compose.yml's
   * 4101-4107; further instances 100 above), or any free ports (tests).
   */
  ports?: { firstPort: number } | 'free';
  logDir: string;
  echo?: (label: string, line: string) => void;
  /** Passed to every service process, e.g. provider keys. */
  serviceEnv?: Record<string, string>;
  /** Passed to the gateway, e.g. SIGN_IN_RATE_LIMIT. */
  gatewayEnv?: Record<string, string>;
  /** Where a part's code comes from when not this repository (an earlier release's checkout). */
  codeOf?: (part: ServiceName | 'gateway') => CheckoutCode | undefined;
}

export interface RunningDistributedService {
  /** Where the gateway and the other services reach it. */
  address: string;
  instances: ServiceProcess[];
}

export interface DistributedSystem {
  url: string;
  gateway: ServiceProcess;
  services: Record<ServiceName, RunningDistributedService>;
  /** Drains and stops every process (SIGTERM), the gateway first. */
  stop(): Promise<void>;
}

/**
 * The distributed form on one machine: every service and the gateway in its own Node
 * process, wired by environment variables as docker-compose.yml wires its containers,
 * on the PostgreSQL, NATS and (optionally) S3 it is given. Resolves once every process
 * answers `/ready`.
 */
export async function startDistributedSystem(options: DistributedOptions): Promise<DistributedSystem> {
  const instances = Math.max(1, options.instances ?? 1);
  mkdirSync(options.logDir, { recursive: true });
  mkdirSync(options.wiring.dataDir, { recursive: true });
  ensureSecrets(options.wiring.secretsDir);
  const fixed = options.ports && options.ports !== 'free' ? options.ports.firstPort : null;
  const port = async (service: ServiceName, index: number) =>
    fixed === null ? freePort() : fixed + SERVICES.indexOf(service) + index * 100;
  /** Each instance's operators' port: 1000 above its own with fixed ports (5101-5107), else any free one. */
  const metricsPort = async (servicePort: number) => (fixed === null ? freePort() : servicePort + 1000);

  const balancers: RoundRobinBalancer[] = [];
  const plan = {} as Record<ServiceName, { address: string; ports: number[] }>;
  for (const service of SERVICES) {
    const ports: number[] = [];
    for (let i = 0; i < instances; i++) ports.push(await port(service, i + (instances > 1 ? 1 : 0)));
    let address = `http://127.0.0.1:${ports[0]}`;
    if (instances > 1) {
      const balancer = new RoundRobinBalancer(ports.map((p) => ({ port: p })));
      balancers.push(balancer);
      address = `http://127.0.0.1:${await balancer.listen(fixed === null ? 0 : fixed + SERVICES.indexOf(service))}`;
    }
    plan[service] = { address, ports };
  }
  const wiring: Wiring = {
    ...options.wiring,
    addresses: Object.fromEntries(SERVICES.map((s) => [s, plan[s].address])) as Record<ServiceName, string>,
  };

  // Behind a balancer an instance told to stop keeps serving a second while the balancer's
  // readiness look takes it out (Kubernetes' preStop pause does this in the manifests).
  const draining: Record<string, string> = instances > 1 ? { SHUTDOWN_DELAY_SECONDS: '1' } : {};
  const services = {} as Record<ServiceName, RunningDistributedService>;
  const all: ServiceProcess[] = [];
  for (const service of SERVICES) {
    services[service] = {
      address: plan[service].address,
      instances: await Promise.all(
        plan[service].ports.map(async (p, i) => {
          const child = new ServiceProcess({
            label: instances > 1 ? `${service}#${i + 1}` : service,
            workspace: `services/${service}`,
            env: { ...serviceEnvironment(service, wiring, p, await metricsPort(p)), ...draining, ...(options.serviceEnv ?? {}) },
            port: p,
            logDir: options.logDir,
            echo: options.echo,
            code: options.codeOf?.(service),
          });
          all.push(child);
          return child;
        }),
      ),
    };
  }
  const gatewayPort = options.gatewayPort || (await freePort());
  const gatewayMetricsPort = options.metricsPort ?? (await freePort());
  const gateway = new ServiceProcess({
    label: 'gateway',
    workspace: 'gateway',
    env: { ...gatewayEnvironment(wiring, gatewayPort, gatewayMetricsPort), ...(options.gatewayEnv ?? {}) },
    port: gatewayPort,
    logDir: options.logDir,
    echo: options.echo,
    code: options.codeOf?.('gateway'),
  });

  const stop = async () => {
    await gateway.close();
    await Promise.all(all.map((p) => p.close()));
    await Promise.all(balancers.map((b) => b.close()));
  };
  try {
    // The migration step first, as a deploy runs it; the instances only check their schema is there.
    await Promise.all(
      SERVICES.map((service) =>
        runMigrationStep({
          service,
          env: { ...serviceEnvironment(service, wiring, 0, 0), ...(options.serviceEnv ?? {}) },
          logDir: options.logDir,
        }),
      ),
    );
    // All at once: instances of one service take turns on the database by themselves (advisory locks).
    await Promise.all(all.map((p) => p.start()));
    await gateway.start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://localhost:${gatewayPort}`, gateway, services, stop };
}
