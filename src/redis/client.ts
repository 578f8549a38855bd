// What the Redis helpers of `robotexclusionrulesparser/redis` need of a client.

/**
 * What {@link RedisLock} and {@link RedisPacer} need of a Redis client:
 * `sendCommand`, as a client of the `redis` package (`createClient()`,
 * connected) has it.
 */
export interface RedisCommandClient {
  /** Sends one command (its name, then its arguments) and resolves to Redis's reply. */
  sendCommand(args: string[]): Promise<unknown>;
}

/**
 * Checks that `client` has a `sendCommand` method.
 * @throws TypeError otherwise.
 */
export function checkClient(client: unknown, owner: string): asserts client is RedisCommandClient {
  if (typeof (client as Partial<RedisCommandClient> | null)?.sendCommand !== 'function')
    throw new TypeError(`${owner} needs a redis client (with sendCommand)`);
}
