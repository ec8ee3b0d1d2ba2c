/**
 * Provable fairness: commit to a server seed (show its SHA-256), derive each round's randomness from
 * (server seed, client seed, nonce) by HMAC-SHA256, reveal the seed when it is rotated.
 *
 * The derivation, exactly (docs/house-games.md repeats it for players):
 * - the server seed is 32 random bytes written as 64 lowercase hex characters; that text is used as is;
 * - its commitment is `SHA-256(serverSeed)` over the 64 ASCII characters, in lowercase hex;
 * - block i of a round (i = 0, 1, 2, …) is `HMAC-SHA256(key = serverSeed, message = clientSeed:nonce:i)`,
 *   key and message as UTF-8 text; e.g. `echo -n "$clientSeed:$nonce:0" | openssl dgst -sha256 -hmac "$serverSeed"`;
 * - the blocks are read as consecutive 32-bit big-endian unsigned words (8 per block: hex characters
 *   0-7 of block 0 are word 0, 8-15 word 1, …, then block 1);
 * - words become outcomes only through `uniformInt` (random.ts): rejection, no modulo bias.
 *
 * Pure TypeScript (@noble/hashes): the same code runs on the server and in the browser's verify view.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { HouseGameError } from './errors.ts';
import type { RandomSource } from './random.ts';

/** The seeds and nonce that decide one round. Serialisable. */
export interface FairnessInput {
  /** 64 lowercase hex characters (revealed after rotation). */
  serverSeed: string;
  /** Chosen by the player (or a random default): 1-64 printable ASCII characters. */
  clientSeed: string;
  /** The round's counter under this (server seed, client seed) pair: 0, 1, 2, … */
  nonce: number;
}

const SERVER_SEED = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[\x20-\x7e]{1,64}$/;

/** A new server seed: 32 bytes from the platform's cryptographic random source, as hex. */
export function newServerSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** A default client seed for players who do not choose one: 16 random bytes as hex. */
export function newClientSeed(): string {
  return bytesToHex(randomBytes(16));
}

/** The commitment shown before play: SHA-256 of the server seed's text, lowercase hex. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

export function assertFairnessInput(input: FairnessInput): void {
  if (typeof input.serverSeed !== 'string' || !SERVER_SEED.test(input.serverSeed)) {
    throw new HouseGameError(
      'fairness_bad_server_seed',
      'The server seed must be 64 lowercase hex characters.',
    );
  }
  if (typeof input.clientSeed !== 'string' || !CLIENT_SEED.test(input.clientSeed)) {
    throw new HouseGameError(
      'fairness_bad_client_seed',
      'The client seed must be 1-64 printable ASCII characters.',
    );
  }
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) {
    throw new HouseGameError('fairness_bad_nonce', 'The nonce must be a non-negative integer.');
  }
}

/** Block `cursor` of the stream for `message prefix` (`clientSeed:nonce`), as 32 bytes. */
function block(key: Uint8Array, prefix: string, cursor: number): Uint8Array {
  return hmac(sha256, key, utf8ToBytes(`${prefix}:${cursor}`));
}

/** The word stream for a key and a message prefix; blocks are computed as they are needed. */
function hmacStream(serverSeed: string, prefix: string): RandomSource {
  const key = utf8ToBytes(serverSeed);
  let cursor = 0;
  let bytes = block(key, prefix, cursor);
  let offset = 0;
  return {
    nextUint32(): number {
      if (offset === 32) {
        cursor += 1;
        bytes = block(key, prefix, cursor);
        offset = 0;
      }
      const word =
        ((bytes[offset]! << 24) |
          (bytes[offset + 1]! << 16) |
          (bytes[offset + 2]! << 8) |
          bytes[offset + 3]!) >>>
        0;
      offset += 4;
      return word;
    },
  };
}

/** The round's random word stream: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`). */
export function fairRandom(input: FairnessInput): RandomSource {
  assertFairnessInput(input);
  return hmacStream(input.serverSeed, `${input.clientSeed}:${input.nonce}`);
}

/**
 * A lottery draw's stream: no player seed takes part in a shared draw, so the message is the game
 * code and the period id: HMAC-SHA256(serverSeed, `${gameCode}:${periodId}:${cursor}`).
 */
export function drawRandom(serverSeed: string, gameCode: string, periodId: string): RandomSource {
  if (typeof serverSeed !== 'string' || !SERVER_SEED.test(serverSeed)) {
    throw new HouseGameError(
      'fairness_bad_server_seed',
      'The server seed must be 64 lowercase hex characters.',
    );
  }
  return hmacStream(serverSeed, `${gameCode}:${periodId}`);
}
