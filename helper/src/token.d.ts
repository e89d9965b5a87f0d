export declare const MAX_TOKEN_TTL_SECONDS: number;
export declare const CLOCK_SKEW_SECONDS: number;
export declare const CHALLENGE_PATTERN: RegExp;
/** A key's id and hash (SHA-256 of its secret, hex): enough to sign and check tokens and proofs. */
export type KeyPublic = { id: string; hash: string };
export type HelperKey = KeyPublic & { secret: string; key: string };
export declare function keyHash(secret: string): string;
export declare function parseKey(value: unknown): HelperKey | null;
export declare function generateKey(): HelperKey;
/** `now` is epoch milliseconds (default Date.now()). */
export declare function signToken(key: KeyPublic, ttlSeconds?: number, now?: number): string;
export declare function tokenExpiry(token: string): Date | null;
export type TokenCheck =
  { ok: true } | { ok: false; reason: "missing" | "malformed" | "other-key" | "forged" | "expired" | "too-far-ahead" | "no-key" };
/** `now` is epoch milliseconds (default Date.now()). */
export declare function checkToken(token: unknown, key: KeyPublic | null | undefined, now?: number): TokenCheck;
export declare function verifyToken(token: unknown, key: KeyPublic | null | undefined, now?: number): boolean;
export declare function signProof(key: KeyPublic, challenge: string): string;
export declare function verifyProof(key: KeyPublic, challenge: unknown, proof: unknown): boolean;
