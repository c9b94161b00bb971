/**
 * Stops a system started from a terminal on Ctrl-C or SIGTERM, saying so first (every part
 * drains), then exits; a second signal while it drains leaves at once.
 */
export function stopOnSignals(system: { stop(): Promise<unknown> }, announcement: string) {
  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(1); // a second Ctrl-C: leave now
    stopping = true;
    process.stdout.write(announcement);
    await system.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
}
