// The three kinds of skill (0 Business, 1 Fallback, 2 QnA), each with an icon and its name,
// so the kind never depends on colour alone. Plain SVG paths (Material icons), cheap at 1,000 nodes.
import { skillsTexts } from '../../../../../i18n/esSkills';
import type { SkillSummary } from '../../diagramModel';

const NAMES = skillsTexts.skills.tipos;

interface Tipo {
  label: string;
  className: string;
  /** The border and minimap colour (flowEditor.css uses the same). */
  color: string;
  path: string;
}

const TIPOS: Record<number, Tipo> = {
  // Material "work"
  0: { label: NAMES.business, className: 'quipu-skill--business', color: '#1565c0', path: 'M20 6h-4V4c0-1.11-.89-2-2-2h-4c-1.11 0-2 .89-2 2v2H4c-1.11 0-1.99.89-1.99 2L2 19c0 1.11.89 2 2 2h16c1.11 0 2-.89 2-2V8c0-1.11-.89-2-2-2m-6 0h-4V4h4z' },
  // Material "call_split"
  1: { label: NAMES.fallback, className: 'quipu-skill--fallback', color: '#a14a00', path: 'm14 4 2.29 2.29-2.88 2.88 1.42 1.42 2.88-2.88L20 10V4zm-4 0H4v6l2.29-2.29 4.71 4.7V20h2v-8.41l-5.29-5.3z' },
  // Material "question_answer"
  2: { label: NAMES.qna, className: 'quipu-skill--qna', color: '#2e7d32', path: 'M21 6h-2v9H6v2c0 .55.45 1 1 1h11l4 4V7c0-.55-.45-1-1-1m-4 6V3c0-.55-.45-1-1-1H3c-.55 0-1 .45-1 1v14l4-4h10c.55 0 1-.45 1-1' },
};

export const tipoOf = (skill: Pick<SkillSummary, 'tipo'>): Tipo => TIPOS[skill.tipo] ?? TIPOS[0];

// Material "warning"
export const WARNING_PATH = 'M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z';

export function PathIcon({ path }: { path: string }) {
  return (
    <svg className="quipu-skill__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}
