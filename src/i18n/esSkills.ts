// Texts of the skill editor's page and its Skill tab (/skill/{id}). Spread into the app catalogue
// (es.ts) under `quipu`. The rules' sentences come from server/src/schemas/skillRules.ts
// (SKILL_MESSAGES), so the form and the server say the same.

export const skillsTexts = {
  skills: {
    tituloEditar: 'Skill',
  },
};
