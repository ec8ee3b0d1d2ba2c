import { Redis } from 'ioredis';

/**
 * Pushes small messages to a member's open streams on every gateway node. In memory for one node
 * (development, tests), Redis pub/sub when REDIS_URL is set, so a movement handled on node A reaches
 * the page whose stream is open on node B. Delivery is best effort (pub/sub keeps nothing): a page that
 * was disconnected refetches what it shows when it reconnects.
 */
export interface LiveMessage {
  /** The SSE event name, e.g. `balance`. */
  event: string;
  data: unknown;
}

export type LiveListener = (message: LiveMessage) => void;

/**
 * The topic of messages for every gateway node rather than a member's pages (e.g. a catalogue
 * change): member ids start at 1, so no member's stream ever listens to it.
 */
export const EVERY_NODE = 0;

export interface LiveChannel {
  readonly kind: 'memory' | 'redis';
  publish(memberId: number, message: LiveMessage): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(memberId: number, listener: LiveListener): () => void;
  close(): Promise<void>;
}

/** This node's listeners per member; both channel kinds deliver through it. */
class LocalFanOut {
  private readonly listeners = new Map<number, Set<LiveListener>>();

  subscribe(memberId: number, listener: LiveListener): () => void {
    let set = this.listeners.get(memberId);
    if (!set) {
      set = new Set();
      this.listeners.set(memberId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(memberId) === set) this.listeners.delete(memberId);
    };
  }

  deliver(memberId: number, message: LiveMessage): void {
    for (const listener of this.listeners.get(memberId) ?? []) {
      try {
        listener(message);
      } catch {
        // One broken stream must not stop the others.
      }
    }
  }
}

export function memoryLiveChannel(): LiveChannel {
  const local = new LocalFanOut();
  return {
    kind: 'memory',
    async publish(memberId, message) {
      local.deliver(memberId, message);
    },
    subscribe: (memberId, listener) => local.subscribe(memberId, listener),
    async close() {},
  };
}

/**
 * One Redis channel per merchant carries every member's messages; each node keeps its own listeners
 * and delivers to those of the member named in the message. One subscription per node (not per
 * member) keeps Redis's work independent of how many pages are open.
 */
export function redisLiveChannel(redisUrl: string, channel: string): LiveChannel {
  const local = new LocalFanOut();
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  // A subscribed connection can only subscribe; it reconnects and resubscribes by itself.
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const ready = subscriber.subscribe(channel);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const parsed = JSON.parse(text) as { memberId: number; message: LiveMessage };
      if (Number.isSafeInteger(parsed.memberId)) local.deliver(parsed.memberId, parsed.message);
    } catch {
      // Not ours: ignore.
    }
  });
  return {
    kind: 'redis',
    async publish(memberId, message) {
      await ready;
      await publisher.publish(channel, JSON.stringify({ memberId, message }));
    },
    subscribe: (memberId, listener) => local.subscribe(memberId, listener),
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

export const openLiveChannel = (redisUrl: string | undefined, channel: string): LiveChannel =>
  redisUrl ? redisLiveChannel(redisUrl, channel) : memoryLiveChannel();
