// The policy for a password someone chooses (renewal, change): at least 12 characters and not
// guessable, judged by zxcvbn-ts with the common and Spanish dictionaries and the person's own
// login and name. One module for both sides: the server refuses what the form's meter shows red.
import type { ZxcvbnResult } from '@zxcvbn-ts/core';

export const MIN_PASSWORD_LENGTH = 12;
/** zxcvbn's score runs 0 to 4; 3 means "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

export const PASSWORD_MESSAGES = {
  tooShort: `La nueva contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`,
  weak: 'La nueva contraseña es fácil de adivinar',
  personal: 'La nueva contraseña no debe contener su nombre, apellido ni usuario',
} as const;

export const STRENGTH_LABELS = ['Muy débil', 'Débil', 'Aceptable', 'Fuerte', 'Muy fuerte'] as const;

export interface PasswordVerdict {
  /** 0 to 4. */
  score: number;
  /** The reason it is refused, in Spanish, or null when it passes. */
  error: string | null;
  /** zxcvbn's Spanish warning and suggestions. */
  hints: string[];
}

export type PasswordChecker = (password: string, userInputs?: string[]) => PasswordVerdict;

let loading: Promise<PasswordChecker> | undefined;

/** Loads the dictionaries once (they are large: the console fetches them only on the password screens). */
export function loadPasswordChecker(): Promise<PasswordChecker> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, es] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-es-es'),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      translations: es.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...es.dictionary },
    });
    return (password, userInputs = []) => {
      const inputs = inputsOf(userInputs);
      return verdict(password, zxcvbn.check(password, inputs), inputs);
    };
  })();
  return loading;
}

/** The login's parts and each word of the name count as guesses too, with and without accents. */
function inputsOf(userInputs: string[]): string[] {
  const parts = userInputs.flatMap((input) => [input, ...input.split(/[\s@._-]+/)]);
  const plain = parts.map((part) => part.normalize('NFD').replace(/\p{M}/gu, ''));
  return [...new Set([...parts, ...plain])].filter((part) => part.length >= 3);
}

const plainLower = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** zxcvbn can still rate a name plus a year as strong; a password holding the person's own data is refused outright. */
function containsPersonalData(password: string, inputs: string[]): boolean {
  const plain = plainLower(password);
  return inputs.some((input) => input.length >= 4 && plain.includes(plainLower(input)));
}

function verdict(password: string, result: ZxcvbnResult, inputs: string[]): PasswordVerdict {
  const hints = [...new Set([result.feedback.warning, ...result.feedback.suggestions])].filter((hint): hint is string => !!hint);
  let error: string | null = null;
  if (password.length < MIN_PASSWORD_LENGTH) error = PASSWORD_MESSAGES.tooShort;
  else if (containsPersonalData(password, inputs)) error = PASSWORD_MESSAGES.personal;
  else if (result.score < MIN_PASSWORD_SCORE) error = hints[0] ? `${PASSWORD_MESSAGES.weak}: ${hints[0]}` : PASSWORD_MESSAGES.weak;
  return { score: result.score, error, hints };
}
