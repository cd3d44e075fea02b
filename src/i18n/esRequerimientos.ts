// Texts of the skill editor's Requerimientos and Memoria tabs. Spread into the app catalogue
// (es.ts) under `quipu`. The rules' sentences come from server/src/schemas/skillRules.ts
// (SKILL_MESSAGES).

export const requerimientosTexts = {
  requerimientos: {
    titulo: 'Requerimientos',
  },
};
