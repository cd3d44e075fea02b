// The renewal captcha: altcha proof-of-work challenges, and verification of the widget's payload.
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Config } from '../../config';
import type { DB } from '../../db';
import { rememberNonce } from '../../auth/nonces';

/** PBKDF2 is bundled with the altcha widget, so the browser needs no extra worker. */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

type CaptchaConfig = Pick<Config, 'captchaCost' | 'captchaSecret' | 'now'>;

export function createCaptcha(config: CaptchaConfig): Promise<Challenge> {
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: config.captchaCost,
    deriveKey,
    expiresAt: new Date(config.now() + CAPTCHA_TTL_MS),
    hmacSignatureSecret: config.captchaSecret,
  });
}

interface ClientPayload {
  challenge: Challenge;
  solution: Solution;
}

/**
 * The altcha v3 widget submits base64(JSON.stringify({challenge: {parameters, signature}, solution})).
 * Its test mode sends {challenge: null, solution: null, test: true}, which is refused here.
 */
export function decodeCaptchaPayload(token: string): ClientPayload | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { challenge, solution } = parsed as Partial<ClientPayload>;
  if (!challenge || typeof challenge !== 'object' || !challenge.parameters || typeof challenge.signature !== 'string') return null;
  if (!solution || typeof solution !== 'object' || typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
  return { challenge, solution };
}

/** True when the token solves one of our challenges, unexpired and not used before; it is then spent. */
export async function verifyCaptcha(db: DB, config: CaptchaConfig, token: string | undefined | null): Promise<boolean> {
  if (!token) return false;
  const payload = decodeCaptchaPayload(token);
  if (!payload) return false;
  const { parameters } = payload.challenge;
  if (parameters.algorithm !== CAPTCHA_ALGORITHM || typeof parameters.nonce !== 'string') return false;
  // altcha-lib checks expiry on the real clock; check it on ours too, so tests can move time.
  if (typeof parameters.expiresAt !== 'number' || parameters.expiresAt * 1000 < config.now()) return false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: config.captchaSecret,
    });
    if (!result.verified) return false;
  } catch {
    return false;
  }
  // Spent only once verified, so forged payloads cannot fill the table.
  return rememberNonce(db, `altcha:${parameters.nonce}`, config.now());
}
