// The bot's skills (GET /skills?idBot) under the react-query key ['skills', botId], and the
// changes 'Agregar Skill' and 'Eliminar seleccionados' make to that cached list.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import type { SkillSummary } from './diagramModel';

export const skillsKey = (botId: string) => ['skills', botId] as const;

/** The bot's skills; nothing is asked for a bot not saved yet (no id). */
export function useSkills(botId: string | undefined) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  return useQuery({ queryKey: skillsKey(botId ?? ''), queryFn: () => dataProvider.getSkills(botId!), enabled: !!botId });
}

/** Puts a created skill in the cached list at once, removes deleted ones, then asks the server again. */
export function useSkillsCache(botId: string) {
  const queryClient = useQueryClient();
  const update = useCallback(
    (change: (skills: SkillSummary[]) => SkillSummary[]) => {
      queryClient.setQueryData<SkillSummary[]>(skillsKey(botId), (skills) => change(skills ?? []));
      void queryClient.invalidateQueries({ queryKey: skillsKey(botId) });
    },
    [botId, queryClient],
  );
  const added = useCallback((skill: SkillSummary) => update((skills) => [...skills.filter((s) => s.id !== skill.id), skill]), [update]);
  const removed = useCallback(
    (ids: readonly string[]) => {
      const gone = new Set(ids);
      update((skills) => skills.filter((skill) => !gone.has(skill.id)));
    },
    [update],
  );
  return { added, removed };
}
