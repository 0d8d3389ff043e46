import { randomUUID } from 'node:crypto';
import type { EventBus } from './event-bus.ts';

const probeType = 'bus.probe';

/**
 * Measures the event bus's lag as the round trip of a probe event this instance publishes and
 * receives back (through Redis when configured, so Redis's queue and the subscriber's backlog are
 * both in it). Asked when `/metrics` is read: no timer, no traffic while nobody looks.
 */
export class BusProbe {
  private readonly instanceId = randomUUID();
  private readonly waiting = new Map<string, () => void>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: EventBus,
    private readonly timeoutMs = 2000,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      if (event.type !== probeType || event.instanceId !== this.instanceId) return;
      this.waiting.get(String(event.probeId))?.();
    });
  }

  /** Seconds until the probe came back; Infinity when it did not within the time-out or could not be sent. */
  async roundTrip(): Promise<number> {
    const probeId = randomUUID();
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<boolean>((resolve) => {
      this.waiting.set(probeId, () => resolve(true));
      timer = setTimeout(() => resolve(false), this.timeoutMs);
    });
    try {
      await this.bus.publish({ type: probeType, instanceId: this.instanceId, probeId });
      return (await back) ? (performance.now() - started) / 1000 : Number.POSITIVE_INFINITY;
    } catch {
      return Number.POSITIVE_INFINITY;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(probeId);
    }
  }

  close() {
    this.unsubscribe();
  }
}
