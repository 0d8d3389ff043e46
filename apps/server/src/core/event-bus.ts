import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** Something that happened on one instance and matters to every instance. */
export interface BusEvent {
  type: string;
  [field: string]: unknown;
}
export type BusHandler = (event: BusEvent) => void;

export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** One process: events go straight to the local subscribers. */
export class LocalEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  async publish(event: BusEvent) {
    this.emitter.emit('event', event);
  }
  subscribe(handler: BusHandler) {
    this.emitter.on('event', handler);
    return () => this.emitter.off('event', handler);
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

/** Several instances: every event goes through one Redis channel and reaches all of them, sender included. */
export class RedisEventBus implements EventBus {
  private readonly local = new LocalEventBus();
  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
  ) {}

  static async connect(url: string, channel = 'platform:events'): Promise<RedisEventBus> {
    const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    await Promise.all([publisher.connect(), subscriber.connect()]);
    const bus = new RedisEventBus(publisher, subscriber, channel);
    await subscriber.subscribe(channel);
    subscriber.on('message', (_channel: string, message: string) => {
      const event = JSON.parse(message) as BusEvent;
      void bus.local.publish(event);
    });
    return bus;
  }

  async publish(event: BusEvent) {
    await this.publisher.publish(this.channel, JSON.stringify(event));
  }
  subscribe(handler: BusHandler) {
    return this.local.subscribe(handler);
  }
  async close() {
    await this.local.close();
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}

export async function createEventBus(redisUrl: string | null, channel?: string): Promise<EventBus> {
  return redisUrl ? RedisEventBus.connect(redisUrl, channel) : new LocalEventBus();
}
