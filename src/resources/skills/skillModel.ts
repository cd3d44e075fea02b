// Shaping of a skill for its editor: the rules' problems as react-admin's errors object, the path a
// message is shown on, a new token's defaults and the choices of the Skill tab.
import type { Skill } from '../../api/skills';
import { validateSkill, type Problem, type SkillInput } from '../../../common/schemas/skillRules';

export type { Skill };
export type Token = Skill['tokens'][number];

/** The lists whose items are chips of one input: a message about one item shows on the list. */
const CHIP_LISTS = [/^(frases)\.\d+$/, /^(keywordIncluye)\.\d+$/, /^(keywordExcluye)\.\d+$/, /^(tokens\.\d+\.sinonimos)\.\d+$/, /^(tagsKb)\.\d+$/, /^(attachmentTypes)\.\d+$/];

/** Where the form shows a problem named `field` (a react-hook-form path): a chip's list, or the field itself. */
export function inputPath(field: string): string {
  for (const pattern of CHIP_LISTS) {
    const match = pattern.exec(field);
    if (match) return match[1];
  }
  return field;
}

type Errors = Record<string, unknown>;

/** react-admin's errors object: each problem's message at its path, nested; the first per input wins. */
export function problemsToErrors(problems: readonly Problem[]): Errors {
  const errors: Errors = {};
  for (const problem of problems) {
    const keys = inputPath(problem.field).split('.');
    let node: Record<string, unknown> | unknown[] = errors;
    let clash = false;
    keys.slice(0, -1).forEach((key, i) => {
      if (clash) return;
      const slot = (node as Record<string, unknown>)[key];
      if (slot === undefined) {
        const next = /^\d+$/.test(keys[i + 1]) ? [] : {};
        (node as Record<string, unknown>)[key] = next;
        node = next;
      } else if (typeof slot === 'object' && slot !== null) node = slot as Record<string, unknown>;
      else clash = true; // the list as a whole already has its message
    });
    const last = keys[keys.length - 1];
    if (!clash && (node as Record<string, unknown>)[last] === undefined) (node as Record<string, unknown>)[last] = problem.message;
  }
  return fillHoles(errors) as Errors;
}

/** react-admin's resolver walks arrays with map: a hole must be an empty object, not undefined. */
function fillHoles(value: unknown): unknown {
  if (Array.isArray(value)) return Array.from(value, (item) => (item === undefined ? {} : fillHoles(item)));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillHoles(v)]));
  return value;
}

/** The Skill tab's rules (validateSkill, the server's own) as the form's `validate`. */
export function validateSkillForm(values: Partial<Skill>): Errors {
  return problemsToErrors(validateSkill(values as SkillInput));
}

/** A token added with 'Agregar token': last in order, nothing checked. */
export function newToken(position: number): Token {
  return { nm: '', sinonimos: [], obl: false, req: false, order: position, unique: false };
}

export const TIPO_CHOICES = [
  { id: 0, name: 'quipu.skills.tipos.business' },
  { id: 1, name: 'quipu.skills.tipos.fallback' },
  { id: 2, name: 'quipu.skills.tipos.qna' },
];

export const OP_REQ_CHOICES = [
  { id: 'AND', name: 'quipu.skills.opReqAnd' },
  { id: 'OR', name: 'quipu.skills.opReqOr' },
];

/** The KB settings apply to a QnA skill (tipo 2) or one in KB mode. */
export const usesKb = (tipo: number | null | undefined, modKb: boolean | null | undefined) => tipo === 2 || !!modKb;
