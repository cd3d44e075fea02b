// Texts of the skill editor's Acciones tab: the action cards, their editors and the reordering.
// Spread into the app catalogue (es.ts) under `quipu`. The rules' sentences come from
// server/src/schemas/skillRules.ts (SKILL_MESSAGES).

export const accionesTexts = {
  acciones: {
    titulo: 'Acciones',
  },
};
